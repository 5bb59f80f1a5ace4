// The feed with series, through the event service as GET /api/events runs it, against the same feed without them.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Principal } from '../../src/api/auth/principal.ts';
import { checkSeries, toDraft, type EventInput } from '../../src/api/events/check-series.ts';
import { createEventService, type EventService } from '../../src/api/events/event-service.ts';
import { clearOccurrenceCache, clearWeekCache, expandForFeed } from '../../src/api/events/expand-feed.ts';
import type { EventWindowQuery } from '../../src/api/event-window.ts';
import type { Store } from '../../src/api/stores/repository.ts';
import { openSqliteStore } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { eventWriteSchema } from '../../src/shared/event-schema.ts';
import { normaliseExdates } from '../../src/shared/recurrence-rule.ts';
import { CALENDARS, fillEvents, HOUR, MONTH_WINDOW_QUERY, monthWindow } from './bench-data.ts';
import { interleave, timed, type Comparison } from './measure.ts';
import { SYSTEM_ACTOR } from '../../src/api/stores/change-entries.ts';

const TENANT = 'bench-series';
const ACTOR = { id: 'bench', name: 'Bench' };
const PRINCIPAL: Principal = { ...ACTOR, tenantId: TENANT, appRoles: [], groups: [] };
const SINGLES = 100_000;
const SERIES = 1_000;
/** Every this many series, one occurrence in the window is skipped and another moved an hour later. */
const EDITED_EVERY = 50;
const ZONE = 'Europe/London';
/** Daily to monthly, as people repeat meetings: every weekday, twice a week, fortnightly, the first Friday. */
const RULES = ['FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR', 'FREQ=WEEKLY;BYDAY=TU,TH', 'FREQ=WEEKLY;INTERVAL=2', 'FREQ=MONTHLY;BYDAY=1FR'];
/** A third never end; the rest end after the window, by a date or a count. */
const ENDS = ['', ';UNTIL=20270630T235959Z', ';COUNT=300'];
/** Series start on a weekday between 5 January and 16 October 2026, before the month window. */
const FIRST_START_MS = Date.UTC(2026, 0, 5);
const START_WEEKS = 41;
/** An unbounded daily series and two 6-week windows on it: its first, and ten years on. */
const DAILY_START = '2026-01-05T09:00:00Z';
const FIRST_WINDOW = { start: '2026-01-05', end: '2026-02-16', timeZone: ZONE };
const LATER_WINDOW = { start: '2036-01-07', end: '2036-02-18', timeZone: ZONE };

const MINUTE = 60_000;
/**
 * The window measured holds about 17,500 events, past the product's FEED_EVENTS_MAX: the service is given room
 * for them, so that the figure stays the cost of series over 100k singles that the recurrence issue asked for.
 */
const BENCH_FEED_EVENTS_MAX = 50_000;

async function createSeries(store: Store, calendarId: string, input: EventInput) {
  return store.events.create({ tenantId: TENANT, calendarId, draft: checkSeries(input, toDraft(input)), actor: ACTOR });
}

/** The i-th series: a one-hour meeting at a whole hour of the working day, its rule and end by turns. */
function seriesInput(i: number): EventInput {
  const startMs = FIRST_START_MS + ((i % START_WEEKS) * 7 + (i % 5)) * 24 * HOUR + (8 + (i % 9)) * HOUR;
  const rrule = RULES[i % RULES.length]! + ENDS[Math.floor(i / RULES.length) % ENDS.length]!;
  const [start, end] = [new Date(startMs).toISOString(), new Date(startMs + HOUR).toISOString()];
  return eventWriteSchema.parse({ title: `Series ${i}`, start, end, rrule, extendedProps: { timeZone: ZONE } });
}

/** Skips the series' first occurrence in the window and moves its second an hour later, in one write of the series. */
async function editInWindow(store: Store, calendarId: string, input: EventInput): Promise<void> {
  const series = await createSeries(store, calendarId, input);
  const [skipped, moved] = expandForFeed(TENANT, series, monthWindow());
  if (!skipped || !moved) throw new Error(`${input.rrule} has fewer than two occurrences in the window`);
  const exdate = normaliseExdates([skipped.extendedProps.recurrenceId!], false);
  if (!exdate.ok) throw new Error(exdate.errors.join('; '));
  const later = (value: string) => new Date(Date.parse(value) + HOUR).toISOString();
  const overrides = { [moved.extendedProps.recurrenceId!]: { title: `${series.title} (moved)`, start: later(moved.start), end: later(moved.end) } };
  const draft = checkSeries(input, toDraft(input));
  await store.events.update({ tenantId: TENANT, calendarId, eventId: series.id, draft: { ...draft, exdate: exdate.exdate, overrides }, actor: ACTOR, expected: series.extendedProps.version });
}

async function createCalendars(store: Store, names: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) ids.push((await store.calendars.create({ tenantId: TENANT, input: { name, color: '#000000', description: '', editors: [] }, actor: SYSTEM_ACTOR })).id);
  return ids;
}

/** The feed a caller of GET /api/events gets for the query, as the route asks the service for it. */
const feed = (events: EventService, query: EventWindowQuery, calendarIds: readonly string[]) => () =>
  events.listInWindow(PRINCIPAL, { ...query, calendarId: [...calendarIds] });

async function benchManySeries(store: Store, events: EventService, singleCalendars: string[], rounds: number): Promise<Comparison[]> {
  const seriesCalendars = await createCalendars(store, Array.from({ length: CALENDARS }, (_, i) => `Series ${i}`));
  for (let i = 0; i < SERIES; i++) {
    const calendarId = seriesCalendars[i % CALENDARS]!;
    await (i % EDITED_EVERY === 0 ? editInWindow(store, calendarId, seriesInput(i)) : createSeries(store, calendarId, seriesInput(i)));
  }
  const all = [...singleCalendars, ...seriesCalendars];
  const withSeries = await feed(events, MONTH_WINDOW_QUERY, all)();
  const singles = (await feed(events, MONTH_WINDOW_QUERY, singleCalendars)()).length;
  const occurrences = withSeries.filter((event) => event.extendedProps.seriesId !== undefined);
  const moved = occurrences.filter((event) => event.title.endsWith('(moved)')).length;
  if (withSeries.length - occurrences.length !== singles || moved !== SERIES / EDITED_EVERY) throw new Error('the feed does not hold the singles and edited series expected');
  const figure = `feed, ${SINGLES / 1000}k singles + ${SERIES} series (${singles} + ${occurrences.length} events)`;
  const limit = `the same feed of the same ${SINGLES / 1000}k singles, no series`;
  const bare = timed(feed(events, MONTH_WINDOW_QUERY, singleCalendars));
  const ours = timed(feed(events, MONTH_WINDOW_QUERY, all));
  // Asked again, as a calendar's users ask for this month: the expansions come from the cache.
  const warm = await interleave({ figure: `${figure}, asked before`, limit, rounds, warmup: 5, ours, bare });
  // A window no one has asked for yet, in weeks no one has: every series expanded afresh (their parsed rules are kept).
  const newWeeks = () => (clearOccurrenceCache(), clearWeekCache(), ours());
  const cold = await interleave({ figure: `${figure}, a new window`, limit, rounds, warmup: 5, ours: newWeeks, bare });
  // A window no one has asked for yet, in weeks other windows expanded (next week, the month around this week, another zone).
  const seenWeeks = () => (clearOccurrenceCache(), ours());
  const overlapping = await interleave({ figure: `${figure}, a new window in weeks expanded before`, limit, rounds, warmup: 5, ours: seenWeeks, bare });
  return [warm, cold, overlapping];
}

async function benchTenYearsOn(store: Store, events: EventService, rounds: number): Promise<Comparison> {
  const [calendarId] = await createCalendars(store, ['Daily']);
  const end = new Date(Date.parse(DAILY_START) + 30 * MINUTE).toISOString();
  await createSeries(store, calendarId!, eventWriteSchema.parse({ title: 'Daily', start: DAILY_START, end, rrule: 'FREQ=DAILY', extendedProps: { timeZone: ZONE } }));
  const later = (await feed(events, LATER_WINDOW, [calendarId!])()).length;
  const first = (await feed(events, FIRST_WINDOW, [calendarId!])()).length;
  if (later !== first) throw new Error(`the windows hold ${later} and ${first} occurrences`);
  return interleave({
    figure: `feed, unbounded daily series, 6 weeks from ${LATER_WINDOW.start} (${later} events)`,
    limit: `the same series' first 6 weeks, from ${FIRST_WINDOW.start}`,
    rounds,
    // Expanded afresh each time: what is measured is the expansion, not the cache.
    ours: () => (clearOccurrenceCache(), clearWeekCache(), timed(feed(events, LATER_WINDOW, [calendarId!]))()),
    bare: () => (clearOccurrenceCache(), clearWeekCache(), timed(feed(events, FIRST_WINDOW, [calendarId!]))()),
  });
}

/** The feed with 1,000 series over 100k singles against the singles alone (a window asked before, and a new one), and a window ten years into a daily series against its first. */
export async function benchSeries(manySeriesRounds: number, dailyRounds: number): Promise<Comparison[]> {
  console.log(`series: ${SERIES} series (a third unbounded, daily to monthly, some edited) and ${SINGLES} singles, SQLite, the event service's feed`);
  const dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-bench-'));
  const store = openSqliteStore({ dataDir });
  const events = createEventService(store, { feedEventsMax: BENCH_FEED_EVENTS_MAX });
  const singleCalendars = await createCalendars(store, Array.from({ length: CALENDARS }, (_, i) => `C${i}`));
  fillEvents(dataDir, TENANT, singleCalendars, SINGLES);
  const comparisons = [...(await benchManySeries(store, events, singleCalendars, manySeriesRounds)), await benchTenYearsOn(store, events, dailyRounds)];
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
  return comparisons;
}
