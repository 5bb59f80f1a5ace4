import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { CALENDARS_QUERY_KEY } from '../features/calendars/requests/get-calendars.ts';
import { EVENT_SEARCH_QUERY_KEY } from '../features/search/lib/search-query-key.ts';
import { useLiveBatches, type LiveBatch } from '../lib/live-notices.ts';
import { LiveUpdates } from './lazy-chrome.tsx';
import { OfflineBar } from './offline-bar.tsx';

/**
 * Live changes reach what the shell shows besides the calendar's events (which follow them themselves): the list of
 * calendars, after a change to a calendar itself (renamed, recoloured, its categories, trashed or restored), and the
 * search results, after a change to an event.
 */
function useLiveQueries(): void {
  const queryClient = useQueryClient();
  useLiveBatches(
    useCallback(
      ({ notices, refetch }: LiveBatch) => {
        if (refetch || notices.some((notice) => notice.eventId === null)) void queryClient.invalidateQueries({ queryKey: CALENDARS_QUERY_KEY });
        if (refetch || notices.some((notice) => notice.eventId !== null)) void queryClient.invalidateQueries({ queryKey: EVENT_SEARCH_QUERY_KEY });
      },
      [queryClient],
    ),
  );
}

/**
 * The page's link with the server: the bar that says it is offline, and the live stream of changes, opened once the
 * first events are shown (`live`), never on the way to them.
 */
export function ShellConnection({ live }: { live: boolean }) {
  useLiveQueries();
  return (
    <>
      <OfflineBar />
      {live && <LiveUpdates />}
    </>
  );
}
