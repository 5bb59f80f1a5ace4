import { Body1, Button, Caption1, Text } from '@fluentui/react-components';
import { ArrowUndo20Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { TrashedEvent } from '../../../../shared/history-schema.ts';
import { EVENT_TRASH_DAYS } from '../../../../shared/limits.ts';
import { useAuth } from '../../../auth/auth-context.ts';
import { ChangeTime } from '../../../components/change-time.tsx';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { TRASH_COMMON_MESSAGES as C } from '../../../components/trash-messages.ts';
import { TrashList, useTrashListStyles } from '../../../components/trash-list.tsx';
import { formatDay } from '../../../lib/format-timestamp.ts';
import { useLiveRefetch } from '../../../lib/use-live-refetch.ts';
import { useHistoryDisplay } from '../hooks/use-history-display.ts';
import { useTrashActions } from '../hooks/use-trash-actions.ts';
import { describeRecurrence } from '../lib/describe-recurrence.ts';
import { formatEventWhen } from '../lib/format-event-time.ts';
import { TRASH_MESSAGES as M } from '../lib/history-messages.ts';
import type { HistoryDisplay } from '../lib/history-sentences.ts';
import { useCalendarTrash } from '../requests/trash.ts';


interface TrashItemProps {
  entry: TrashedEvent;
  display: HistoryDisplay;
  actions: ReturnType<typeof useTrashActions>;
  admin: boolean;
}

function TrashItem({ entry, display, actions, admin }: TrashItemProps) {
  const styles = useTrashListStyles();
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
  const intl = useIntl();
  const admin = useAuth().me.roles.includes('admin');
  const trash = useCalendarTrash(calendar.id);
  useLiveRefetch((notice) => notice.calendarId === calendar.id && (notice.kind === 'deleted' || notice.kind === 'restored'), trash.refetch);
  const actions = useTrashActions(calendar);
  const display = useHistoryDisplay(calendars);
  return (
    <TrashList trash={trash} loadingLabel={intl.formatMessage(M.loading)} empty={intl.formatMessage(M.empty, { days: EVENT_TRASH_DAYS })}>
      {(entry) => <TrashItem key={entry.id} entry={entry} display={display} actions={actions} admin={admin} />}
    </TrashList>
  );
}
