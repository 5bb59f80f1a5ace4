import { Body1, Button, Caption1, Skeleton, SkeletonItem, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowUndo20Regular } from '@fluentui/react-icons';
import { useRef } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { TrashedEvent } from '../../../../shared/history-schema.ts';
import { EVENT_TRASH_DAYS } from '../../../../shared/limits.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { ChangeTime } from '../../../components/change-time.tsx';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { TRASH_COMMON_MESSAGES as C } from '../../../components/trash-messages.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDay } from '../../../lib/format-timestamp.ts';
import { useFocusKeptIn } from '../../../lib/use-focus-kept-in.ts';
import { useLiveRefetch } from '../../../lib/use-live-refetch.ts';
import { useHistoryDisplay } from '../hooks/use-history-display.ts';
import { useTrashActions } from '../hooks/use-trash-actions.ts';
import { describeRecurrence } from '../lib/describe-recurrence.ts';
import { formatEventWhen } from '../lib/format-event-time.ts';
import { TRASH_MESSAGES as M } from '../lib/history-messages.ts';
import type { HistoryDisplay } from '../lib/history-sentences.ts';
import { useCalendarTrash } from '../requests/trash.ts';

const useStyles = makeStyles({
  list: { listStyleType: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    paddingBottom: tokens.spacingVerticalS,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  text: { display: 'flex', flexDirection: 'column', flexGrow: 1, flexBasis: '16rem', minWidth: 0, overflowWrap: 'anywhere' },
  meta: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground2 },
});

interface TrashItemProps {
  entry: TrashedEvent;
  display: HistoryDisplay;
  actions: ReturnType<typeof useTrashActions>;
  admin: boolean;
}

function TrashItem({ entry, display, actions, admin }: TrashItemProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const { title, rrule, start, allDay, extendedProps } = entry.event;
  // A series says how it repeats: its first occurrence alone would not tell it from a single event.
  const rule = rrule && describeRecurrence(rrule, { start, allDay, timeZone: extendedProps.timeZone ?? display.timeZone, locale: display.locale, viewerTimeZone: display.timeZone, intl: display.intl });
  return (
    <li className={styles.item} data-trash-id={entry.id}>
      <div className={styles.text}>
        <Text weight="semibold">{title}</Text>
        <Body1 lang={display.locale}>{formatEventWhen(entry.event, display)}</Body1>
        {rule && <Body1 lang={display.locale}>{rule}</Body1>}
        <Caption1 className={styles.meta}>
          <span>{say(C.deletedBy, { name: entry.deletedBy.name })}</span>
          <ChangeTime at={entry.deletedAt} />
          <span>{say(C.purgeAt, { date: formatDay(entry.purgeAt, display) })}</span>
        </Caption1>
      </div>
      <Button icon={<ArrowUndo20Regular />} aria-label={say(M.restoreNamed, { title })} disabled={actions.busy} onClick={() => void actions.restore(entry)}>
        {say(C.restore)}
      </Button>
      {admin && (
        <ConfirmDeleteButton
          trigger={{ appearance: 'subtle', 'aria-label': say(M.purgeNamed, { title }) }}
          title={say(M.purgeTitle, { title })}
          warning={say(M.purgeWarning)}
          confirmLabel={say(C.purge)}
          deleting={actions.busy}
          onConfirm={() => actions.purge(entry)}
        />
      )}
    </li>
  );
}

/** A calendar's deleted events (its editors): restore each as it was; admins also delete for good. */
export function CalendarTrash({ calendar, calendars }: { calendar: Calendar; calendars: readonly Calendar[] }) {
  const styles = useStyles();
  const intl = useIntl();
  const admin = useAuth().me.roles.includes('admin');
  const trash = useCalendarTrash(calendar.id);
  useLiveRefetch((notice) => notice.calendarId === calendar.id && (notice.kind === 'deleted' || notice.kind === 'restored'), trash.refetch);
  const actions = useTrashActions(calendar);
  const display = useHistoryDisplay(calendars);
  const list = useRef<HTMLDivElement>(null);
  useFocusKeptIn(list, trash.data);
  if (trash.isPending) {
    return (
      <Skeleton aria-label={intl.formatMessage(M.loading)}>
        <SkeletonItem size={16} />
        <SkeletonItem size={16} />
      </Skeleton>
    );
  }
  if (trash.isError) return <Body1>{errorMessage(trash.error, intl)}</Body1>;
  return (
    // Focus comes here when the last deleted event is restored (useFocusKeptIn).
    <div ref={list} tabIndex={-1}>
      {trash.data.length === 0 ? (
        <Body1>{intl.formatMessage(M.empty, { days: EVENT_TRASH_DAYS })}</Body1>
      ) : (
        <ul className={styles.list}>
          {trash.data.map((entry) => (
            <TrashItem key={entry.id} entry={entry} display={display} actions={actions} admin={admin} />
          ))}
        </ul>
      )}
    </div>
  );
}
