import type { LiveStream } from './live-stream.ts';

/**
 * How long a page may stay hidden (another tab in front, a minimised window) before its stream closes; shown again,
 * it reopens and is replayed what it missed (or refetches).
 */
export const LIVE_HIDDEN_CLOSE_MS = 5 * 60_000;

/** What following the page needs: its visibility and network events, and timers. */
export interface PageSignals {
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(timer: unknown): void;
}

/**
 * Closes the stream once the page has been hidden for LIVE_HIDDEN_CLOSE_MS and opens it again when it shows; when the
 * network comes back, a stream waiting to reconnect does so at once. Returns the function that stops following.
 */
export function followVisibility(stream: LiveStream, page: PageSignals): () => void {
  let hiddenTimer: unknown = null;
  let closed = false;
  const changed = () => {
    if (page.document.visibilityState === 'hidden') {
      hiddenTimer ??= page.setTimeout(() => {
        closed = true;
        stream.stop();
      }, LIVE_HIDDEN_CLOSE_MS);
      return;
    }
    if (hiddenTimer !== null) page.clearTimeout(hiddenTimer);
    hiddenTimer = null;
    if (closed) stream.start();
    closed = false;
  };
  const online = () => stream.reconnectNow();
  page.document.addEventListener('visibilitychange', changed);
  page.window.addEventListener('online', online);
  changed();
  return () => {
    if (hiddenTimer !== null) page.clearTimeout(hiddenTimer);
    page.document.removeEventListener('visibilitychange', changed);
    page.window.removeEventListener('online', online);
  };
}
