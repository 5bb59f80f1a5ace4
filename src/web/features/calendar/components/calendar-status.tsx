import { makeStyles } from '@fluentui/react-components';
import { useImperativeHandle, useState, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { LoadingBar } from '../../../components/status-parts.tsx';
import { CALENDAR_MESSAGES } from '../lib/calendar-messages.ts';

export interface CalendarStatusHandle {
  /** Events are being fetched (a bar shows it, and screen readers hear it), or no longer. */
  setLoading(loading: boolean): void;
  /** The calendar moved to this period, e.g. "November 2026": screen readers hear it, politely. */
  announce(period: string): void;
}

const useStyles = makeStyles({
  progress: { position: 'absolute', insetInline: 0, top: 0, zIndex: 1 },
  statusText: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap',
  },
});

/**
 * The calendar's live status: the loading bar and what screen readers are told. Its own component, told what
 * happens through its handle: a fetch starting or ending, or a move, renders this alone, not the calendar again.
 */
export function CalendarStatus({ ref }: { ref: Ref<CalendarStatusHandle> }) {
  const styles = useStyles();
  const intl = useIntl();
  const [loading, setLoading] = useState(false);
  const [movedTo, setMovedTo] = useState<string | null>(null);
  useImperativeHandle(ref, () => ({ setLoading, announce: setMovedTo }), []);
  const loadingText = intl.formatMessage(CALENDAR_MESSAGES.loadingEvents);
  return (
    <>
      {loading && <LoadingBar className={styles.progress} label={loadingText} />}
      <div role="status" className={styles.statusText}>
        {loading ? loadingText : ''}
      </div>
      <div role="status" className={styles.statusText} data-testid="period-announcement">
        {movedTo}
      </div>
    </>
  );
}
