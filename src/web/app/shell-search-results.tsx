import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type RefObject } from 'react';
import type { Calendar } from '../../shared/calendar-schema.ts';
import type { SearchHit } from '../../shared/search-schema.ts';
import type { CalendarViewHandle } from '../features/calendar/hooks/use-calendar-handle.ts';
import { goToDate } from '../features/calendar/lib/shown-period.ts';
import { SearchResults } from '../features/search/components/lazy-search-results.tsx';
import type { HeaderSearch } from '../features/search/hooks/use-header-search.ts';
import type { SuggestionSource } from '../features/search/hooks/use-suggestion-list.ts';
import { hitStartDate } from '../features/search/lib/group-by-month.ts';
import { useRegionalSettings } from '../host/regional-settings.tsx';
import { EVENT_SEARCH_QUERY_KEY } from '../features/search/lib/search-query-key.ts';
import { useEventsChanged } from '../lib/events-changed.ts';
import type { FocusReturn } from './use-focus-return.ts';
import type { ShellDialogs } from './use-shell-dialogs.ts';

interface ShellSearchResultsProps {
  search: HeaderSearch;
  calendars: readonly Calendar[];
  /** The calendars the side panel shows: the search looks in these. */
  calendarIds: readonly string[];
  dialogs: ShellDialogs;
  focusReturn: FocusReturn;
}

/**
 * What opening a search's hit (a result, or a suggestion under the box) does: the calendar goes to the day it starts
 * on (YYYY-MM-DD, in the zone shown) and its details open; when they close, focus goes back to what opened them.
 */
export function useOpenSearchHit(dialogs: ShellDialogs, focusReturn: FocusReturn): (hit: SearchHit, date: string) => void {
  const { openEventDetails } = dialogs;
  return useCallback(
    (hit: SearchHit, date: string) => {
      goToDate(date);
      // The result or the box (the opener), not the event on the calendar.
      focusReturn.opened();
      openEventDetails({ calendarId: hit.calendarId, eventId: hit.id });
    },
    [focusReturn, openEventDetails],
  );
}

/** Where the search box's suggestions look (the calendars shown), and a chosen one opened as a result is. */
export function useSuggestionSource(calendarIds: readonly string[], dialogs: ShellDialogs, focusReturn: FocusReturn): SuggestionSource {
  const open = useOpenSearchHit(dialogs, focusReturn);
  const { timeZone } = useRegionalSettings();
  return useMemo(() => ({ calendarIds, openHit: (hit: SearchHit) => open(hit, hitStartDate(hit, timeZone)) }), [calendarIds, open, timeZone]);
}

/** The header's search results over the calendar: a result opens in its details, with the calendar at its date behind. */
export function ShellSearchResults({ search, calendars, calendarIds, dialogs, focusReturn }: ShellSearchResultsProps) {
  const open = useOpenSearchHit(dialogs, focusReturn);
  if (!search.shown) return null;
  return (
    <SearchResults
      search={search.shown}
      calendars={calendars}
      calendarIds={calendarIds}
      listRef={search.resultsList}
      onOpen={open}
      onClose={search.closeResults}
      onPastChange={search.setPast}
      onLeaveUp={search.focusBox}
    />
  );
}

/**
 * After a change to events: the calendar fetches its events again, and search results are asked for afresh. Changes
 * announced from elsewhere (an import from the side panel) do the same.
 */
export function useRefetchEvents(calendarViewRef: RefObject<CalendarViewHandle | null>): () => void {
  const queryClient = useQueryClient();
  const refetch = useCallback(() => {
    calendarViewRef.current?.refetchEvents();
    void queryClient.invalidateQueries({ queryKey: EVENT_SEARCH_QUERY_KEY });
  }, [calendarViewRef, queryClient]);
  useEventsChanged(refetch);
  return refetch;
}
