import { Button, Subtitle2, Switch, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Dismiss20Regular } from '@fluentui/react-icons';
import { useEffect, useId, useMemo, type Ref } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { SearchHit } from '../../../../shared/search-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { LoadingSpinner, Notice } from '../../../components/status-parts.tsx';
import { COMMON_MESSAGES } from '../../../components/common-messages.ts';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTimeOfDayOptions } from '../../../lib/time-format.ts';
import { hitStartDate } from '../lib/group-by-month.ts';
import { searchFrom } from '../lib/search-from.ts';
import { SEARCH_BESIDE_MIN_WIDTH } from '../lib/search-layout.ts';
import type { SearchLocation } from '../lib/search-location.ts';
import { SEARCH_MESSAGES } from '../lib/search-messages.ts';
import { useEventSearch } from '../requests/search-events.ts';
import { SearchResultsList } from './search-results-list.tsx';

const BESIDE_CALENDAR = `@media (min-width: ${SEARCH_BESIDE_MIN_WIDTH}px)`;

const useStyles = makeStyles({
  panel: {
    position: 'absolute',
    inset: 0,
    // Above the calendar's own layers (its sticky headers, the now line); Fluent's dialogs and popovers sit higher still.
    zIndex: 10,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    [BESIDE_CALENDAR]: {
      position: 'static',
      flexShrink: 0,
      width: '400px',
      borderInlineStartWidth: tokens.strokeWidthThin,
      borderInlineStartStyle: 'solid',
      borderInlineStartColor: tokens.colorNeutralStroke2,
    },
    '@media print': { display: 'none' },
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalM,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  title: { flexGrow: 1, flexBasis: 0, minWidth: 0, margin: 0, overflowWrap: 'anywhere' },
  past: { flexBasis: '100%' },
  body: { flexGrow: 1, minHeight: 0, overflowY: 'auto', padding: tokens.spacingHorizontalS, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  message: { margin: 0, padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground2 },
  more: { alignSelf: 'center' },
  status: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

export interface SearchResultsProps {
  search: SearchLocation;
  /** The calendars the app shows, for each result's calendar name and colour. */
  calendars: readonly Calendar[];
  /** Where to search: the calendars the user has chosen to see. */
  calendarIds: readonly string[];
  listRef: Ref<HTMLDivElement>;
  /** A result chosen: the day it starts on (YYYY-MM-DD, in the zone shown) for the calendar to go to. */
  onOpen(hit: SearchHit, date: string): void;
  onClose(): void;
  onPastChange(past: boolean): void;
  /** ↑ from the first result: back to the search box. */
  onLeaveUp(): void;
}

/** The results of the header's search, grouped by month, page by page; its heading, close button and past-events switch. */
export function SearchResults({ search, calendars, calendarIds, listRef, onOpen, onClose, onPastChange, onLeaveUp }: SearchResultsProps) {
  const styles = useStyles();
  const intl = useIntl();
  const headingId = useId();
  const { locale, timeZone } = useRegionalSettings();
  const timeOfDay = useTimeOfDayOptions();
  const display = useMemo(() => ({ locale, timeZone, timeOfDay }), [locale, timeZone, timeOfDay]);
  const from = searchFrom(search.past, timeZone, new Date());
  const query = useEventSearch({ query: search.query, calendarIds, from });
  useFailureToast(query.error);
  const hits = useMemo(() => query.data?.pages.flatMap((page) => page.hits) ?? [], [query.data]);
  return (
    <section aria-labelledby={headingId} className={styles.panel} data-testid="search-results">
      <div className={styles.header}>
        <Subtitle2 as="h2" id={headingId} className={styles.title}>
          {intl.formatMessage(SEARCH_MESSAGES.resultsTitle, { query: search.query })}
        </Subtitle2>
        <Tooltip content={intl.formatMessage(SEARCH_MESSAGES.closeResults)} relationship="label">
          <Button appearance="subtle" icon={<Dismiss20Regular />} onClick={onClose} />
        </Tooltip>
        <Switch className={styles.past} label={intl.formatMessage(SEARCH_MESSAGES.includePast)} checked={search.past} onChange={(_event, data) => onPastChange(data.checked)} />
      </div>
      <div role="status" className={styles.status}>
        {statusText(query, hits.length, search, intl)}
      </div>
      <div className={styles.body}>
        {hits.length > 0 && (
          <SearchResultsList
            hits={hits}
            calendars={calendars}
            display={display}
            labelledBy={headingId}
            listRef={listRef}
            onOpen={(hit) => onOpen(hit, hitStartDate(hit, timeZone))}
            onLeaveUp={onLeaveUp}
            onClose={onClose}
          />
        )}
        <ResultsState query={query} search={search} empty={hits.length === 0} />
      </div>
    </section>
  );
}

type SearchQueryState = ReturnType<typeof useEventSearch>;

/** What screen readers hear as results arrive: searching, how many, or none. */
function statusText(query: SearchQueryState, count: number, search: SearchLocation, intl: IntlShape): string {
  if (query.isPending || query.isFetchingNextPage) return intl.formatMessage(SEARCH_MESSAGES.searching);
  if (query.isError && count === 0) return intl.formatMessage(SEARCH_MESSAGES.failed);
  if (count === 0) return intl.formatMessage(search.past ? SEARCH_MESSAGES.noMatches : SEARCH_MESSAGES.noMatchesUpcoming, { query: search.query });
  return intl.formatMessage(query.hasNextPage ? SEARCH_MESSAGES.resultCountMore : SEARCH_MESSAGES.resultCount, { count });
}

/** A failed search (or next page) raises a toast with the reason. */
function useFailureToast(error: Error | null) {
  const notify = useNotify();
  const intl = useIntl();
  useEffect(() => {
    if (error) notify.error(intl.formatMessage(SEARCH_MESSAGES.failed), errorMessage(error, intl));
  }, [error, notify, intl]);
}

/** Under the results: searching, none found, the failure with Try again, or Load more. */
function ResultsState({ query, search, empty }: { query: SearchQueryState; search: SearchLocation; empty: boolean }) {
  const styles = useStyles();
  const intl = useIntl();
  if (query.isPending) return <LoadingSpinner label={intl.formatMessage(SEARCH_MESSAGES.searching)} />;
  if (query.isError) {
    const retry = () => void (empty ? query.refetch() : query.fetchNextPage());
    return (
      <Notice intent="error" action={{ label: intl.formatMessage(COMMON_MESSAGES.tryAgain), onClick: retry }}>
        {intl.formatMessage(SEARCH_MESSAGES.failed)}
      </Notice>
    );
  }
  if (empty) {
    return <p className={styles.message}>{intl.formatMessage(search.past ? SEARCH_MESSAGES.noMatches : SEARCH_MESSAGES.noMatchesUpcoming, { query: search.query })}</p>;
  }
  if (!query.hasNextPage) return null;
  return (
    <Button className={styles.more} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {intl.formatMessage(SEARCH_MESSAGES.loadMore)}
    </Button>
  );
}
