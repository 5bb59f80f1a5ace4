import { makeStyles, tokens } from '@fluentui/react-components';
import { useId, useMemo, useState, type KeyboardEvent, type Ref } from 'react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { SearchHit } from '../../../../shared/search-schema.ts';
import { formatMonth, type HitDisplay } from '../lib/format-hit-when.ts';
import { groupByMonth } from '../lib/group-by-month.ts';
import { SearchResultOption } from './search-result-option.tsx';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  group: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  month: {
    paddingInline: tokens.spacingHorizontalM,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    lineHeight: tokens.lineHeightBase300,
    color: tokens.colorNeutralForeground2,
  },
});

interface SearchResultsListProps {
  hits: readonly SearchHit[];
  calendars: readonly Calendar[];
  display: HitDisplay;
  /** The results' heading, which names the list. */
  labelledBy: string;
  listRef: Ref<HTMLDivElement>;
  onOpen(hit: SearchHit): void;
  /** ↑ from the first result. */
  onLeaveUp(): void;
  /** Esc. */
  onClose(): void;
}

/** The keys that move through the options: the option to go to from `index` of `count`, or null for none. */
function nextIndex(key: string, index: number, count: number): number | null {
  if (key === 'ArrowDown') return Math.min(index + 1, count - 1);
  if (key === 'ArrowUp') return index - 1;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/**
 * The events found, under their months' headings, as one listbox: ↑ ↓ Home End move through them across months,
 * Enter (or a click) opens one, Esc closes the results. One option at a time is in the tab order.
 */
export function SearchResultsList({ hits, calendars, display, labelledBy, listRef, onOpen, onLeaveUp, onClose }: SearchResultsListProps) {
  const styles = useStyles();
  const id = useId();
  const groups = useMemo(() => groupByMonth(hits, display.timeZone), [hits, display.timeZone]);
  // In the order shown, which grouping may change from the API's.
  const shown = useMemo(() => groups.flatMap((group) => group.hits), [groups]);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const chosen = shown.find((hit) => hit.id === chosenId) ?? shown[0];
  const calendarsById = useMemo(() => new Map(calendars.map((calendar) => [calendar.id, calendar])), [calendars]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = chosen ? shown.indexOf(chosen) : 0;
    if (event.key === 'Escape') onClose();
    else if (event.key === 'Enter' || event.key === ' ') {
      if (chosen) onOpen(chosen);
    } else {
      const next = nextIndex(event.key, index, shown.length);
      if (next === null) return;
      if (next < 0) onLeaveUp();
      else event.currentTarget.querySelector<HTMLElement>(`[data-hit-id="${CSS.escape(shown[next]!.id)}"]`)?.focus();
    }
    event.preventDefault();
  };
  return (
    <div role="listbox" aria-labelledby={labelledBy} ref={listRef} className={styles.list} onKeyDown={onKeyDown}>
      {groups.map(({ month, hits: monthHits }) => (
        <div key={month} role="group" aria-labelledby={`${id}-${month}`} className={styles.group}>
          <div role="presentation" id={`${id}-${month}`} className={styles.month}>
            {formatMonth(month, display.locale)}
          </div>
          {monthHits.map((hit) => (
            <SearchResultOption
              key={hit.id}
              hit={hit}
              calendar={calendarsById.get(hit.calendarId)}
              display={display}
              chosen={hit === chosen}
              onChoose={() => setChosenId(hit.id)}
              onOpen={() => onOpen(hit)}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
