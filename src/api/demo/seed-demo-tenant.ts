import { Temporal } from 'temporal-polyfill';
import type { EventDraft, EventWrite } from '../../shared/event-schema.ts';
import { plainTextToHtml } from '../../shared/rich-text.ts';
import { SYSTEM_ACTOR } from '../stores/change-entries.ts';
import type { Store, StoredCalendar } from '../stores/repository.ts';
import { draftOf, withMovedOccurrence } from './seed-drafts.ts';

export const SEED_ZONE = 'Europe/London';

type SeedFields = { title: string; location?: string; description?: string; url?: string };

/** The seed writes to the store directly: its descriptions are the HTML the event service would have stored. */
function seedProps({ description, ...props }: Omit<SeedFields, 'title' | 'url'>): EventWrite['extendedProps'] {
  return { ...props, ...(description === undefined ? {} : { description: plainTextToHtml(description) }), timeZone: SEED_ZONE };
}

/** Dates and times of the demo, on the wall clock of SEED_ZONE. */
class SeedClock {
  /** Monday of the week `now` falls in. */
  readonly monday: Temporal.PlainDate;

  constructor(now: Date) {
    const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(SEED_ZONE).toPlainDate();
    this.monday = today.subtract({ days: today.dayOfWeek - 1 });
  }

  instant(day: Temporal.PlainDate, time: string): string {
    return new Date(day.toZonedDateTime({ timeZone: SEED_ZONE, plainTime: time }).epochMilliseconds).toISOString();
  }

  /** An RRULE UNTIL at the last second before this date, as the form writes "ends on" the day before. */
  untilBefore(day: Temporal.PlainDate): string {
    const last = day.toZonedDateTime({ timeZone: SEED_ZONE }).subtract({ seconds: 1 }).toInstant();
    return last.toString().replaceAll(/[-:]/g, '');
  }

  timed(day: Temporal.PlainDate, from: string, to: string, { title, url, ...props }: SeedFields): EventWrite {
    return { title, start: this.instant(day, from), end: this.instant(day, to), url, extendedProps: seedProps(props) };
  }

  allDay(first: Temporal.PlainDate, days: number, { title, url, ...props }: SeedFields): EventWrite {
    return { title, allDay: true, start: first.toString(), end: first.add({ days }).toString(), url, extendedProps: seedProps(props) };
  }
}

async function createCalendars(store: Store, tenantId: string): Promise<Record<'company' | 'holidays' | 'engineering', StoredCalendar>> {
  const create = (name: string, color: string, description: string, editors: string[]) =>
    store.calendars.create({ tenantId, input: { name, color, description, editors }, actor: SYSTEM_ACTOR });
  return {
    company: await create('Company', '#0F6CBD', 'Company-wide events: town halls, all-hands and offsites.', ['eddie']),
    holidays: await create('Holidays', '#0E7A0B', 'Public and company holidays.', []),
    engineering: await create('Engineering', '#8F3BB8', 'Engineering team meetings and reviews.', ['eddie']),
  };
}

/** The day the office is closed: the stand-up skips it. */
const companyHoliday = (clock: SeedClock) => clock.monday.add({ weeks: 1, days: 4 });

/**
 * The engineering meetings, as series from two weeks before this week to the end of the fourth week after it: the
 * stand-up every weekday, skipping the company holiday and moved an hour later on this week's Thursday; the
 * architecture review weekly; the sprint review every other week.
 */
function engineeringSeries(clock: SeedClock): EventDraft[] {
  const first = clock.monday.subtract({ weeks: 2 });
  const until = clock.untilBefore(clock.monday.add({ weeks: 5 }));
  const standUp = draftOf({
    ...clock.timed(first, '09:30', '09:45', {
      title: 'Engineering stand-up',
      location: 'Teams',
      description: 'What we did, what we will do, what blocks us. Fifteen minutes, no more.',
    }),
    rrule: `FREQ=WEEKLY;UNTIL=${until};BYDAY=MO,TU,WE,TH,FR`,
    exdate: [clock.instant(companyHoliday(clock), '09:30')],
  });
  const moved = clock.monday.add({ days: 3 });
  return [
    withMovedOccurrence(standUp, clock.instant(moved, '09:30'), { start: clock.instant(moved, '10:30'), end: clock.instant(moved, '10:45') }),
    draftOf({
      ...clock.timed(first.add({ days: 2 }), '14:00', '15:00', {
        title: 'Architecture review',
        location: 'Room 4.12 / Teams',
        description: 'Design proposals for review. Send the doc by Tuesday evening.',
      }),
      rrule: `FREQ=WEEKLY;UNTIL=${until};BYDAY=WE`,
    }),
    draftOf({
      ...clock.timed(first.add({ days: 4 }), '15:00', '16:00', { title: 'Sprint review and demo', location: 'Town hall room' }),
      rrule: `FREQ=WEEKLY;INTERVAL=2;UNTIL=${until};BYDAY=FR`,
    }),
  ];
}

function companyEvents(clock: SeedClock): EventWrite[] {
  const { monday } = clock;
  return [
    clock.timed(monday.add({ days: 3 }), '16:00', '17:00', {
      title: 'Town hall',
      location: 'Atrium and Teams live event',
      description: 'Quarterly results, product news and open questions to the leadership team.',
      url: 'https://intranet.example.com/town-hall',
    }),
    clock.timed(monday.subtract({ days: 11 }), '16:00', '17:00', { title: 'Town hall', location: 'Atrium and Teams live event' }),
    clock.timed(monday.add({ days: 8 }), '12:00', '13:30', { title: 'Lunch and learn: accessibility', location: 'Cafeteria' }),
    clock.allDay(monday.add({ weeks: 2, days: 1 }), 3, {
      title: 'Company offsite',
      location: 'Lakeside conference centre',
      description: 'Three days of planning, workshops and a team dinner on the second night.',
    }),
  ];
}

function holidayEvents(clock: SeedClock): EventWrite[] {
  return [
    clock.allDay(companyHoliday(clock), 1, { title: 'Company holiday', description: 'The office is closed.' }),
    clock.allDay(clock.monday.subtract({ weeks: 1 }), 1, { title: 'Founders’ day' }),
  ];
}

/**
 * A demo tenant with three calendars and plausible events from two weeks before `now` to four weeks after: an
 * all-day holiday, a multi-day offsite, town halls, and the engineering team's meetings as repeating series.
 */
export async function seedDemoTenant(store: Store, { tenantId, now }: { tenantId: string; now: Date }): Promise<void> {
  const { company, holidays, engineering } = await createCalendars(store, tenantId);
  const clock = new SeedClock(now);
  const seeds: [string, EventDraft][] = [
    ...engineeringSeries(clock).map((draft): [string, EventDraft] => [engineering.id, draft]),
    ...companyEvents(clock).map((body): [string, EventDraft] => [company.id, draftOf(body)]),
    ...holidayEvents(clock).map((body): [string, EventDraft] => [holidays.id, draftOf(body)]),
  ];
  for (const [calendarId, draft] of seeds) await store.events.create({ tenantId, calendarId, draft, actor: SYSTEM_ACTOR });
}
