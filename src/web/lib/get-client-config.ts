import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../shared/user.ts';
import { apiFetch } from './api-client.ts';

export async function getClientConfig(): Promise<ClientConfig> {
  return (await apiFetch<ClientConfig>('/client-config')).data;
}

export const CLIENT_CONFIG_QUERY_KEY = ['client-config'];

let early: Promise<ClientConfig> | null = null;

/** Starts fetching the client config before React has rendered anything; the first query takes it over. */
export function prefetchClientConfig(): Promise<ClientConfig> {
  early = getClientConfig();
  // Unhandled until the query takes it; the query reports a failure.
  early.catch(() => undefined);
  return early;
}

function takeClientConfig(): Promise<ClientConfig> {
  const pending = early ?? getClientConfig();
  early = null;
  return pending;
}

export function useClientConfig() {
  return useQuery({ queryKey: CLIENT_CONFIG_QUERY_KEY, queryFn: takeClientConfig, staleTime: Infinity });
}
