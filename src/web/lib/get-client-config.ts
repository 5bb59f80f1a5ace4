import type { ClientConfig } from '../../shared/user.ts';
import { apiFetch } from './api-client.ts';
import { offlineCopiesPersist } from './offline-copy.ts';
import { isNetworkFailure } from './offline-status.ts';

/** localStorage: the last client config, public like the route, so that the app can start while offline. */
const KEPT_CLIENT_CONFIG_KEY = 'company-calendar:client-config';

/** The config this browser kept from its last visit, if it keeps one. */
export function keptClientConfig(): ClientConfig | null {
  try {
    const kept = JSON.parse(window.localStorage.getItem(KEPT_CLIENT_CONFIG_KEY) ?? 'null') as ClientConfig | null;
    return typeof kept?.auth?.mode === 'string' && typeof kept.host === 'object' ? kept : null;
  } catch {
    return null;
  }
}

function keepClientConfig(config: ClientConfig): void {
  try {
    const json = JSON.stringify(config);
    // Usually what is kept already: a write would cost every page load a storage commit (and other tabs an event).
    if (offlineCopiesPersist() && window.localStorage.getItem(KEPT_CLIENT_CONFIG_KEY) !== json) window.localStorage.setItem(KEPT_CLIENT_CONFIG_KEY, json);
  } catch {
    // No storage: the app needs the network to start.
  }
}

export async function getClientConfig(): Promise<ClientConfig> {
  try {
    const config = (await apiFetch<ClientConfig>('/client-config')).data;
    keepClientConfig(config);
    return config;
  } catch (error) {
    // Offline: the config this browser last had, where the offline copy is kept.
    const kept = isNetworkFailure(error) && offlineCopiesPersist() ? keptClientConfig() : null;
    if (kept === null) throw error;
    return kept;
  }
}

let early: Promise<ClientConfig> | null = null;
let arrived: ClientConfig | undefined;

/** Starts fetching the client config before React has rendered anything; the first query takes it over. */
export function prefetchClientConfig(): Promise<ClientConfig> {
  early = getClientConfig();
  // Unhandled until the query takes it; the query reports a failure.
  early.then((config) => (arrived = config)).catch(() => undefined);
  return early;
}

/** The prefetched config when it is in already, once: the first query's initial data, so it renders with it. */
export function takeArrivedClientConfig(): ClientConfig | undefined {
  if (arrived === undefined) return undefined;
  const config = arrived;
  arrived = undefined;
  early = null;
  return config;
}

/** The prefetched config, once; afterwards a fresh request. */
export function takeClientConfig(): Promise<ClientConfig> {
  const pending = early ?? getClientConfig();
  early = null;
  return pending;
}
