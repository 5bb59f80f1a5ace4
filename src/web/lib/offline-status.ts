/**
 * Whether the API can be reached, as the app's own requests find it: a fetch that fails without an answer means
 * offline, whatever navigator.onLine says (the server may be down, or the network a captive portal). While offline a
 * cheap probe asks again every OFFLINE_PROBE_INTERVAL_MS, and at once when the browser says it is back online; any
 * answer, from the probe or any other request, ends it.
 */

/** How often, while offline, the app asks whether the API answers again. */
export const OFFLINE_PROBE_INTERVAL_MS = 5_000;

export interface OfflineStatus {
  offline: boolean;
  /** When the offline copy on screen was fetched (epoch ms); null while nothing offline is shown. */
  asOf: number | null;
}

const ONLINE: OfflineStatus = { offline: false, asOf: null };

let status: OfflineStatus = ONLINE;
let probeTimer: ReturnType<typeof setInterval> | null = null;
const listeners = new Set<() => void>();

function probe(): void {
  // Anonymous and tiny: no token leaves the page for it.
  fetch('/api/health', { cache: 'no-store' }).then(reportReachable, () => undefined);
}

function setStatus(next: OfflineStatus): void {
  status = next;
  if (next.offline && probeTimer === null) {
    probeTimer = setInterval(probe, OFFLINE_PROBE_INTERVAL_MS);
    window.addEventListener('online', probe);
  } else if (!next.offline && probeTimer !== null) {
    clearInterval(probeTimer);
    probeTimer = null;
    window.removeEventListener('online', probe);
  }
  for (const listener of listeners) listener();
}

/** A request to the API failed without an answer. */
export function reportUnreachable(): void {
  if (!status.offline) setStatus({ offline: true, asOf: status.asOf });
}

/** The API answered (with any status): online again, and what shows is fetched afresh. */
export function reportReachable(): void {
  if (status !== ONLINE) setStatus(ONLINE);
}

/**
 * The app shows data from the offline copy, fetched at `fetchedAt`. The events' time wins: the bar speaks of events,
 * and the profile or calendars loaded before them are at least as old.
 */
export function reportOfflineCopyShown(fetchedAt: number, what: 'events' | 'other'): void {
  if (what === 'events' || status.asOf === null) setStatus({ offline: true, asOf: fetchedAt });
}

// MSAL's codes for a token request that got no answer from the identity provider (its own fetches are wrapped).
const MSAL_NETWORK_ERRORS = new Set(['no_network_connectivity', 'post_request_failed', 'get_request_failed']);

/**
 * Whether a failure is the network's, not an answer: fetch rejects with a TypeError when no answer came, and MSAL
 * names its own network failures.
 */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  const code = typeof error === 'object' && error !== null ? (error as { errorCode?: unknown }).errorCode : undefined;
  return typeof code === 'string' && MSAL_NETWORK_ERRORS.has(code);
}

/**
 * A request's answer; or, when no answer came, what the user's offline copy keeps (`report` says which bar time it
 * sets); with no copy, or for any other failure, the request's own error.
 */
export async function orOfflineCopy<T>(
  request: () => Promise<T>,
  kept: () => Promise<{ data: T; fetchedAt: number } | null>,
  report?: 'events' | 'other',
): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const copy = isNetworkFailure(error) ? await kept() : null;
    if (copy === null) throw error;
    if (report) reportOfflineCopyShown(copy.fetchedAt, report);
    return copy.data;
  }
}

/** Calls `listener` on every change of the status; answers how to stop. */
export function subscribeOfflineStatus(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentOfflineStatus(): OfflineStatus {
  return status;
}
