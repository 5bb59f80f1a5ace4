import { Button, makeStyles } from '@fluentui/react-components';
import { CalendarArrowDown20Regular } from '@fluentui/react-icons';
import { useIntl } from 'react-intl';
import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { ICS_DOWNLOAD_MESSAGES as M } from '../../../lib/ics-download-messages.ts';
import { useIcsDownload } from '../../../lib/use-ics-download.ts';

const useStyles = makeStyles({
  action: { whiteSpace: 'nowrap' },
});

/** "Download .ics": the event as an iCalendar file; an occurrence gives its whole series, as Outlook's "Save as" does. */
export function DownloadIcsButton({ event }: { event: CalendarEvent }) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const { download, pending } = useIcsDownload();
  const path = `/calendars/${encodeURIComponent(event.extendedProps.calendarId)}/events/${encodeURIComponent(event.id)}/event.ics`;
  return (
    <Button
      className={styles.action}
      icon={<CalendarArrowDown20Regular />}
      disabledFocusable={pending}
      onClick={() => void download({ path, title: event.title })}
    >
      {say(M.downloadEvent)}
    </Button>
  );
}
