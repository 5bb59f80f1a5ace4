import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { useIntl } from 'react-intl';
import { isHttpUrl } from '../../../../shared/web-link.ts';
import { ColorSwatch } from '../../../components/color-swatch.tsx';
import type { EventDetails } from '../hooks/use-event-details.ts';
import { EVENT_FORM_MESSAGES } from '../lib/event-form-messages.ts';
import { EVENT_DETAILS_MESSAGES as M } from '../lib/event-messages.ts';
import { formatTimestamp } from '../../../lib/format-timestamp.ts';
import { wallClockAt } from '../../../lib/zoned-time.ts';
import { formatEventWhen } from '../lib/format-event-time.ts';
import { EventCategoryRows } from './event-category-details.tsx';
import { EventRichDetails } from './event-rich-details.tsx';
import { RecurrenceRows } from './recurrence-details.tsx';

const useStyles = makeStyles({
  details: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    margin: 0,
  },
  term: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground2 },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere' },
  calendar: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

type EventDetailsListProps = Pick<EventDetails, 'display' | 'calendar' | 'occurrence' | 'series'> & {
  event: NonNullable<EventDetails['event']>;
};

/** The loaded event's details, term by term: calendar, category, when, location, description, video, meeting, link, repeats, created, updated. */
export function EventDetailsList({ event, display, calendar, occurrence, series }: EventDetailsListProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  return (
    <dl className={styles.details}>
      <dt className={styles.term}>{say(M.calendar)}</dt>
      <dd className={styles.value}>
        <span className={styles.calendar}>
          {calendar && <ColorSwatch color={calendar.color} />}
          {calendar?.name ?? say(M.unknownCalendar)}
        </span>
      </dd>
      <EventCategoryRows calendar={calendar} categoryId={event.extendedProps.categoryId} termClass={styles.term} valueClass={styles.value} />
      <dt className={styles.term}>{say(M.when)}</dt>
      <dd className={styles.value} lang={display.locale}>
        {event.allDay ? say(M.allDay, { dates: formatEventWhen(event, display) }) : formatEventWhen(event, display)}
        <EventZoneWhen event={event} display={display} />
      </dd>
      {event.extendedProps.location && (
        <>
          <dt className={styles.term}>{say(M.location)}</dt>
          <dd className={styles.value}>{event.extendedProps.location}</dd>
        </>
      )}
      <EventRichDetails event={event} termClass={styles.term} valueClass={styles.value} />
      {/* The API only stores http(s) links; checked again here because an href is a place scripts hide. */}
      {event.url && isHttpUrl(event.url) && (
        <>
          <dt className={styles.term}>{say(M.link)}</dt>
          <dd className={styles.value}>
            <Link href={event.url} target="_blank" rel="noopener noreferrer">
              {event.url}
            </Link>
          </dd>
        </>
      )}
      {series && <RecurrenceRows series={series} recurrenceId={occurrence?.recurrenceId ?? null} />}
      <dt className={styles.term}>{say(M.created)}</dt>
      <dd className={styles.value} lang={display.locale}>
        {say(M.byAt, { name: event.extendedProps.createdBy.name, when: formatTimestamp(event.extendedProps.createdAt, display) })}
      </dd>
      <dt className={styles.term}>{say(M.updated)}</dt>
      <dd className={styles.value} lang={display.locale}>
        {say(M.byAt, { name: event.extendedProps.updatedBy.name, when: formatTimestamp(event.extendedProps.updatedAt, display) })}
      </dd>
    </dl>
  );
}

/** Whether two zones' clocks read the same at an event's start and end (London's and UTC's in winter). */
const sameClocks = (event: { start: string; end: string }, a: string, b: string) =>
  [event.start, event.end].every((at) => JSON.stringify(wallClockAt(new Date(at), a)) === JSON.stringify(wallClockAt(new Date(at), b)));

/** A timed event planned in a zone whose clock reads otherwise than the one shown says when it is there too: "In Asia/Tokyo: …". */
function EventZoneWhen({ event, display }: Pick<EventDetailsListProps, 'event' | 'display'>) {
  const say = useIntl().formatMessage;
  const zone = event.extendedProps.timeZone;
  if (event.allDay || sameClocks(event, zone, display.timeZone)) return null;
  const when = formatEventWhen(event, { ...display, timeZone: zone });
  return <div data-testid="event-zone-when">{say(EVENT_FORM_MESSAGES.timeZoneShownTimes, { zone: zone.replaceAll('_', ' '), when })}</div>;
}
