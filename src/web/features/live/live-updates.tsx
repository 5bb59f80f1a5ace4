import { useEffect } from 'react';
import { LIVE_REFETCH_COALESCE_MS } from '../../../shared/limits.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { publishLiveBatch } from '../../lib/live-notices.ts';
import { createLiveStream, type LiveStream } from './live-stream.ts';
import { createNoticeBatcher } from './notice-batcher.ts';

/**
 * How long a page may stay hidden (another tab in front, a minimised window) before its stream closes; shown again,
 * it reopens and replays what it missed (or refetches).
 */
export const LIVE_HIDDEN_CLOSE_MS = 5 * 60_000;

/** Closes the stream while the page has been hidden for long, and opens it again when it shows. */
function followVisibility(stream: LiveStream): () => void {
  let hiddenTimer: ReturnType<typeof setTimeout> | null = null;
  let closed = false;
  const changed = () => {
    if (document.visibilityState === 'hidden') {
      hiddenTimer ??= setTimeout(() => {
        closed = true;
        stream.stop();
      }, LIVE_HIDDEN_CLOSE_MS);
      return;
    }
    if (hiddenTimer !== null) clearTimeout(hiddenTimer);
    hiddenTimer = null;
    if (closed) stream.start();
    closed = false;
  };
  const online = () => stream.reconnectNow();
  document.addEventListener('visibilitychange', changed);
  window.addEventListener('online', online);
  changed();
  return () => {
    if (hiddenTimer !== null) clearTimeout(hiddenTimer);
    document.removeEventListener('visibilitychange', changed);
    window.removeEventListener('online', online);
  };
}

/**
 * The page's one live stream, for as long as someone is signed in (the shell unmounts it on sign-out): each change it
 * hears goes to the features that show it, in batches (lib/live-notices.ts). Renders nothing; its code loads after
 * the first events are shown.
 */
export function LiveUpdates(): null {
  const { getAccessToken } = useAuth();
  useEffect(() => {
    const batcher = createNoticeBatcher(LIVE_REFETCH_COALESCE_MS, publishLiveBatch, {
      now: () => performance.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    });
    const stream = createLiveStream({
      getAccessToken,
      fetch: (input, init) => fetch(input, init),
      onNotice: batcher.notice,
      onRefetch: batcher.refetch,
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    });
    stream.start();
    const unfollow = followVisibility(stream);
    return () => {
      unfollow();
      stream.stop();
      batcher.stop();
    };
  }, [getAccessToken]);
  return null;
}
