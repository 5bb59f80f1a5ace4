import { useEffect, useRef } from 'react';
import { LIVE_REFETCH_COALESCE_MS } from '../../../shared/limits.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { publishLiveBatch } from '../../lib/live-notices.ts';
import { followVisibility } from './follow-visibility.ts';
import { createLiveStream } from './live-stream.ts';
import { createNoticeBatcher } from './notice-batcher.ts';

/**
 * The page's one live stream, for as long as someone is signed in (the shell unmounts it on sign-out): each change it
 * hears goes to the features that show it, in batches (lib/live-notices.ts). Renders nothing; its code loads after
 * the first events are shown.
 */
export function LiveUpdates(): null {
  const { getAccessToken } = useAuth();
  // The latest token source, read at each connection: a new one (a re-render) must not restart the stream and lose
  // its place.
  const tokenSource = useRef(getAccessToken);
  useEffect(() => {
    tokenSource.current = getAccessToken;
  });
  useEffect(() => {
    const timers = {
      setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
      clearTimeout: (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    };
    const batcher = createNoticeBatcher(LIVE_REFETCH_COALESCE_MS, publishLiveBatch, { now: () => performance.now(), ...timers });
    const stream = createLiveStream({
      getAccessToken: (options) => tokenSource.current(options),
      fetch: (input, init) => fetch(input, init),
      onNotice: batcher.notice,
      onRefetch: batcher.refetch,
      ...timers,
    });
    stream.start();
    const unfollow = followVisibility(stream, { document, window, ...timers });
    return () => {
      unfollow();
      stream.stop();
      batcher.stop();
    };
  }, []);
  return null;
}
