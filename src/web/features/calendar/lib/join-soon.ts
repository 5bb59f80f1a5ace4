/** From how long before its start until its end an event's Teams meeting shows "Join" in the week and day views. */
export const JOIN_SOON_MINUTES = 10;
const JOIN_SOON_MS = JOIN_SOON_MINUTES * 60_000;
/** How often the shown "Join" marks are brought up to date with the clock. */
export const JOIN_SOON_REFRESH_MS = 30_000;

/** The span in which an event offers to join its meeting: JOIN_SOON_MINUTES before its start until its end. */
export function joinWindow(startMs: number, endMs: number): { fromMs: number; untilMs: number } {
  return { fromMs: startMs - JOIN_SOON_MS, untilMs: endMs };
}

/** Whether a join window is open at an instant. */
export function isJoinOpen({ fromMs, untilMs }: { fromMs: number; untilMs: number }, nowMs: number): boolean {
  return nowMs >= fromMs && nowMs < untilMs;
}
