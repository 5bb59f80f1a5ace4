/** The shortest wait before the live stream reconnects, and the longest its backing off reaches. */
export const LIVE_RECONNECT_MIN_MS = 1_000;
export const LIVE_RECONNECT_MAX_MS = 30_000;

/**
 * How long to wait before reconnection attempt `attempt` (0 for the first after a drop): the ceiling doubles from
 * LIVE_RECONNECT_MIN_MS to LIVE_RECONNECT_MAX_MS and the wait is a random point in its upper half, never under the
 * minimum, so that hundreds of pages dropped together (an instance restarting) do not all come back at once.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LIVE_RECONNECT_MAX_MS, LIVE_RECONNECT_MIN_MS * 2 ** Math.max(0, attempt));
  return Math.max(LIVE_RECONNECT_MIN_MS, Math.round(ceiling / 2 + (random() * ceiling) / 2));
}
