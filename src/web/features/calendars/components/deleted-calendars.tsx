import { Button, Caption1, Text } from '@fluentui/react-components';
import { ArrowUndo20Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import type { TrashedCalendar } from '../../../../shared/history-schema.ts';
import { CALENDAR_TRASH_DAYS } from '../../../../shared/limits.ts';
import { ChangeTime } from '../../../components/change-time.tsx';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import { ConfirmDeleteButton } from '../../../components/confirm-delete-button.tsx';
import { useNotify } from '../../../components/notifications.tsx';
import { TRASH_COMMON_MESSAGES as C } from '../../../components/trash-messages.ts';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { isApiStatus } from '../../../lib/api-client.ts';
import { TrashList, useTrashListStyles } from '../../../components/trash-list.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { formatDay } from '../../../lib/format-timestamp.ts';
import { useLiveRefetch } from '../../../lib/use-live-refetch.ts';
import { CALENDAR_TRASH_MESSAGES as M } from '../lib/calendar-trash-messages.ts';
import { useCalendarTrash, usePurgeCalendar, useRestoreCalendar } from '../requests/calendar-trash.ts';


/** Restore and purge of deleted calendars, each told in a toast; what failed says why. */
function useCalendarTrashActions() {
  const intl = useIntl();
  const say = intl.formatMessage;
  const notify = useNotify();
  const restore = useRestoreCalendar();
  const purge = usePurgeCalendar();
  const failed = (title: string, error: unknown) =>
    notify.error(title, isApiStatus(error, 404, 412) ? say(C.changedMeanwhile) : errorMessage(error, intl));
  return {
    busy: restore.isPending || purge.isPending,
    restore: (entry: TrashedCalendar) =>
      restore.mutateAsync(entry).then(
        () => notify.success(say(M.restored, { name: entry.name })),
        (error: unknown) => failed(say(M.restoreFailed), error),
      ),
    purge: (entry: TrashedCalendar) =>
      purge.mutateAsync(entry).then(
        () => notify.success(say(M.purged, { name: entry.name })),
        (error: unknown) => failed(say(M.purgeFailed), error),
      ),
  };
}

function DeletedCalendar({ entry, actions }: { entry: TrashedCalendar; actions: ReturnType<typeof useCalendarTrashActions> }) {
  const styles = useTrashListStyles();
  const say = useIntl().formatMessage;
  const regional = useRegionalSettings();
  return (
    <li className={styles.item} data-trash-id={entry.id}>
      <ColorSwatch color={entry.color} />
      <div className={styles.text}>
        <Text weight="semibold">{entry.name}</Text>
        <Caption1 className={styles.meta}>
          <span>{say(M.events, { count: entry.eventCount })}</span>
          <span>{say(C.deletedBy, { name: entry.deletedBy.name })}</span>
          <ChangeTime at={entry.deletedAt} />
          <span>{say(C.purgeAt, { date: formatDay(entry.purgeAt, regional) })}</span>
        </Caption1>
      </div>
      <Button icon={<ArrowUndo20Regular />} aria-label={say(M.restoreNamed, { name: entry.name })} disabled={actions.busy} onClick={() => void actions.restore(entry)}>
        {say(C.restore)}
      </Button>
      <ConfirmDeleteButton
        trigger={{ appearance: 'subtle', 'aria-label': say(M.purgeNamed, { name: entry.name }) }}
        title={say(M.purgeTitle, { name: entry.name })}
        warning={say(M.purgeWarning)}
        confirmLabel={say(C.purge)}
        deleting={actions.busy}
        onConfirm={() => actions.purge(entry)}
      />
    </li>
  );
}

/** The tenant's deleted calendars (admins), under Manage calendars: each restored with its events, or deleted for good. */
export function DeletedCalendars() {
  const intl = useIntl();
  const trash = useCalendarTrash();
  useLiveRefetch((notice) => notice.eventId === null && (notice.kind === 'deleted' || notice.kind === 'restored'), trash.refetch);
  const actions = useCalendarTrashActions();
  return (
    <TrashList trash={trash} loadingLabel={intl.formatMessage(M.loading)} empty={intl.formatMessage(M.empty, { days: CALENDAR_TRASH_DAYS })}>
      {(entry) => <DeletedCalendar key={entry.id} entry={entry} actions={actions} />}
    </TrashList>
  );
}
