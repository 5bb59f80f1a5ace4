/**
 * The longest work meant for idle time waits: where the page has no idle callback (Safari, so Teams on iOS), and
 * where it is never idle for long.
 */
export const IDLE_WAIT_MAX_MS = 1000;

/** Runs work that can wait when the page is next idle: after what is on screen has rendered and its input is handled. */
export function whenIdle(work: () => void): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: IDLE_WAIT_MAX_MS });
  else setTimeout(work, IDLE_WAIT_MAX_MS);
}
