import { Body1, Skeleton, SkeletonItem, Subtitle2, makeStyles, tokens, useId } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { CategoryFilter } from '../../../lib/category-filter.ts';
import { CalendarActionsMenu } from './calendar-actions-menu.tsx';
import { CalendarCheckboxList } from './calendar-checkbox-list.tsx';
import { CALENDARS_MESSAGES } from '../lib/calendars-messages.ts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  heading: { margin: 0 },
  skeleton: { display: 'grid', gap: tokens.spacingVerticalM, paddingBlock: tokens.spacingVerticalS },
});

interface CalendarListProps {
  /** The calendars to list, as the shell loaded them (a tab's own selection, if it has one). */
  calendars: readonly Calendar[];
  status: 'pending' | 'error' | 'success';
  hidden: readonly string[];
  onVisibleChange: (calendarId: string, visible: boolean) => void;
  /** The category filter in force: each calendar's Export keeps to it. */
  categoryFilter: CategoryFilter;
  /** A calendar's Subscribe…: the shell's Calendar subscriptions dialog, on that calendar. */
  onSubscribe(calendarId: string): void;
  /** A calendar's Deleted events…: the shell's dialog of them. */
  onShowTrash(calendarId: string): void;
  onImport(calendarId: string): void;
}

/**
 * The calendars the user can see, each with a checkbox to show or hide its events. A failure to load them is
 * the shell's to show, once, with its retry.
 */
export function CalendarList({ calendars, status, hidden, onVisibleChange, categoryFilter, onSubscribe, onShowTrash, onImport }: CalendarListProps) {
  const styles = useStyles();
  const intl = useIntl();
  const headingId = useId('calendars-heading');
  return (
    <section className={styles.root} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {intl.formatMessage(CALENDARS_MESSAGES.heading)}
      </Subtitle2>
      {status === 'pending' ? (
        <Skeleton aria-label={intl.formatMessage(CALENDARS_MESSAGES.loading)} className={styles.skeleton}>
          <SkeletonItem />
          <SkeletonItem />
          <SkeletonItem />
        </Skeleton>
      ) : status === 'error' ? null : calendars.length === 0 ? (
        <Body1>{intl.formatMessage(CALENDARS_MESSAGES.none)}</Body1>
      ) : (
        <CalendarCheckboxList
          calendars={calendars}
          isChecked={(id) => !hidden.includes(id)}
          onCheckedChange={onVisibleChange}
          actions={(calendar) => <CalendarActionsMenu calendar={calendar} categoryFilter={categoryFilter} onSubscribe={onSubscribe} onShowTrash={onShowTrash} onImport={onImport} />}
        />
      )}
    </section>
  );
}
