import { Temporal } from 'temporal-polyfill';
import type { EventDraft, UserRef } from '../../shared/event-schema.ts';
import type { Store } from './repository.ts';

const SEED_ZONE = 'Europe/London';
const ORGANISER: UserRef = { id: 'ada', name: 'Ada Admin' };

/**
 * A demo tenant with three calendars and plausible events from two weeks before `now` to four weeks after:
 * an all-day holiday, a multi-day offsite, town halls and team meetings.
 */
export async function seedDemoTenant(store: Store, { tenantId, now }: { tenantId: string; now: Date }): Promise<void> {
  const company = await store.calendars.create({
    tenantId,
    input: {
      name: 'Company',
      color: '#0F6CBD',
      description: 'Company-wide events: town halls, all-hands and offsites.',
      editors: ['eddie'],
    },
  });
  const holidays = await store.calendars.create({
    tenantId,
    input: {
      name: 'Holidays',
      color: '#0E7A0B',
      description: 'Public and company holidays.',
      editors: [],
    },
  });
  const engineering = await store.calendars.create({
    tenantId,
    input: {
      name: 'Engineering',
      color: '#8F3BB8',
      description: 'Engineering team meetings and reviews.',
      editors: ['eddie'],
    },
  });

  const today = Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(SEED_ZONE).toPlainDate();
  const monday = today.subtract({ days: today.dayOfWeek - 1 });
  const blank = { url: '', groupId: '', description: '', location: '', timeZone: SEED_ZONE, rrule: '', exdate: [], overrides: {} };
  const instant = (day: Temporal.PlainDate, time: string) =>
    new Date(day.toZonedDateTime({ timeZone: SEED_ZONE, plainTime: time }).epochMilliseconds).toISOString();
  const timed = (day: Temporal.PlainDate, from: string, to: string, fields: Partial<EventDraft> & { title: string }): EventDraft => ({
    ...blank,
    allDay: false,
    start: instant(day, from),
    end: instant(day, to),
    ...fields,
  });
  const allDay = (first: Temporal.PlainDate, days: number, fields: Partial<EventDraft> & { title: string }): EventDraft => ({
    ...blank,
    allDay: true,
    start: first.toString(),
    end: first.add({ days }).toString(),
    ...fields,
  });

  const seeds: [string, EventDraft][] = [];
  for (let week = -2; week <= 4; week++) {
    const weekStart = monday.add({ weeks: week });
    for (let weekday = 0; weekday < 5; weekday++) {
      seeds.push([
        engineering.id,
        timed(weekStart.add({ days: weekday }), '09:30', '09:45', {
          title: 'Engineering stand-up',
          location: 'Teams',
          groupId: 'engineering-stand-up',
          description: 'What we did, what we will do, what blocks us. Fifteen minutes, no more.',
        }),
      ]);
    }
    seeds.push([
      engineering.id,
      timed(weekStart.add({ days: 2 }), '14:00', '15:00', {
        title: 'Architecture review',
        location: 'Room 4.12 / Teams',
        description: 'Design proposals for review. Send the doc by Tuesday evening.',
      }),
    ]);
    if (week % 2 === 0) {
      seeds.push([
        engineering.id,
        timed(weekStart.add({ days: 4 }), '15:00', '16:00', { title: 'Sprint review and demo', location: 'Town hall room' }),
      ]);
    }
  }
  seeds.push(
    [
      company.id,
      timed(monday.add({ days: 3 }), '16:00', '17:00', {
        title: 'Town hall',
        location: 'Atrium and Teams live event',
        description: 'Quarterly results, product news and open questions to the leadership team.',
        url: 'https://intranet.example.com/town-hall',
      }),
    ],
    [company.id, timed(monday.subtract({ days: 11 }), '16:00', '17:00', { title: 'Town hall', location: 'Atrium and Teams live event' })],
    [company.id, timed(monday.add({ days: 8 }), '12:00', '13:30', { title: 'Lunch and learn: accessibility', location: 'Cafeteria' })],
    [
      company.id,
      allDay(monday.add({ weeks: 2, days: 1 }), 3, {
        title: 'Company offsite',
        location: 'Lakeside conference centre',
        description: 'Three days of planning, workshops and a team dinner on the second night.',
      }),
    ],
    [holidays.id, allDay(monday.add({ weeks: 1, days: 4 }), 1, { title: 'Company holiday', description: 'The office is closed.' })],
    [holidays.id, allDay(monday.subtract({ weeks: 1, days: 0 }), 1, { title: 'Founders’ day' })],
  );
  for (const [calendarId, draft] of seeds) await store.events.create({ tenantId, calendarId, draft, actor: ORGANISER });
}
