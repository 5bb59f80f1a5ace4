import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { eventRecord } from '../../src/api/stores/repository.ts';
import { eventToWrite, eventWriteSchema, normaliseEvent, toCalendarEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { DAY_MS, EVENT_MAX_DURATION_DAYS, EVENT_YEAR_MAX, EVENT_YEAR_MIN } from '../../src/shared/limits.ts';
import { addDays, dateToDayMs, dayMsToDate, EVENT_YEARS_MESSAGE, eventTimeMs } from '../../src/shared/time.ts';
import {
  EVENT_DATE_INPUT_MAX,
  EVENT_DATE_INPUT_MIN,
  validateEventForm,
  type EventFormValues,
} from '../../src/web/features/events/lib/event-form-values.ts';
import { DATE_ERRORS } from '../../src/web/features/events/lib/event-form-messages.ts';
import { NO_REPEAT } from '../../src/web/features/events/lib/repeat-options.ts';

// Temporal (the polyfill) is the oracle: an independent reading of every date the code under test reads.
const HOUR_MS = 3_600_000;
const RANGE_START_MS = Temporal.Instant.from(`${EVENT_YEAR_MIN}-01-01T00:00:00Z`).epochMilliseconds;
const RANGE_END_MS = Temporal.Instant.from(`${EVENT_YEAR_MAX + 1}-01-01T00:00:00Z`).epochMilliseconds;
const MAX_DURATION_MS = EVENT_MAX_DURATION_DAYS * DAY_MS;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Years where dates go wrong: two-digit years, both edges of the range, the largest four-digit year; and the rest. */
const year = fc.oneof(
  fc.integer({ min: 0, max: 99 }),
  fc.integer({ min: EVENT_YEAR_MIN - 1, max: EVENT_YEAR_MIN + 1 }),
  fc.integer({ min: EVENT_YEAR_MAX - 1, max: EVENT_YEAR_MAX + 1 }),
  fc.constant(9999),
  { weight: 3, arbitrary: fc.integer({ min: EVENT_YEAR_MIN, max: EVENT_YEAR_MAX }) },
);

/** Mostly days that exist; leap days (real and not) and month ends that do not exist as well. */
const date = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 })) },
  { weight: 1, arbitrary: fc.tuple(year, fc.constant(2), fc.constant(29)) },
  { weight: 1, arbitrary: fc.tuple(year, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 29, max: 31 })) },
).map(([y, m, d]) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`);

const offset = fc.oneof(
  fc.constant('Z'),
  fc.tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([sign, h, m]) => `${sign}${pad(h)}:${pad(m)}`),
);

const fraction = fc.oneof(fc.constant(''), fc.integer({ min: 1, max: 9 }).chain((digits) => fc.stringMatching(new RegExp(`^\\.\\d{${digits}}$`))));

const dateTime = fc
  .tuple(date, fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }), fc.integer({ min: 0, max: 59 }), fraction, offset)
  .map(([d, h, m, s, f, o]) => `${d}T${pad(h)}:${pad(m)}:${pad(s)}${f}${o}`);

/** The oracle's instant of a date (UTC midnight) or date-time, or null where Temporal finds no such day. */
function oracleMs(value: string): number | null {
  try {
    return value.includes('T') ? Temporal.Instant.from(value).epochMilliseconds : Temporal.PlainDate.from(value).toZonedDateTime('UTC').epochMilliseconds;
  } catch {
    return null;
  }
}

const allDayInput = fc.record({
  start: date,
  // An end as a number of days after the start (or before it), or none.
  endDays: fc.option(fc.oneof(fc.integer({ min: -2, max: 3 }), fc.integer({ min: EVENT_MAX_DURATION_DAYS - 2, max: EVENT_MAX_DURATION_DAYS + 2 }))),
  sayAllDay: fc.boolean(),
});

const timedInput = fc.record({
  start: dateTime,
  endAfterMs: fc.option(
    fc.oneof(
      fc.integer({ min: -HOUR_MS, max: 2 * DAY_MS }),
      fc.integer({ min: MAX_DURATION_MS - HOUR_MS, max: MAX_DURATION_MS + HOUR_MS }),
      fc.constant(MAX_DURATION_MS),
    ),
  ),
  endOffset: offset,
  sayAllDay: fc.boolean(),
});

interface Case {
  body: { title: string; start: string; end?: string; allDay?: boolean };
  /** The instants the input says, by the oracle's reading, whatever the limits; null where there is no such date. */
  said: Span | null;
  /** What the oracle expects: the instants said, or null for a rejection. */
  expected: Span | null;
}

interface Span {
  startMs: number;
  endMs: number;
}

function withinLimits({ startMs, endMs }: Span): boolean {
  return startMs >= RANGE_START_MS && endMs <= RANGE_END_MS && endMs > startMs && endMs - startMs <= MAX_DURATION_MS;
}

/** An end the API cannot take at all: Temporal writes years past 9999 as +YYYYYY. */
const unwritable = (end: string | undefined) => end !== undefined && !/^\d{4}-/.test(end);

function caseOf(body: Case['body'], said: Span | null, end: string | undefined): Case {
  return { body, said, expected: said === null || unwritable(end) || !withinLimits(said) ? null : said };
}

function allDayCase({ start, endDays, sayAllDay }: { start: string; endDays: number | null; sayAllDay: boolean }): Case {
  const startMs = oracleMs(start);
  const end = startMs === null || endDays === null ? undefined : Temporal.PlainDate.from(start).add({ days: endDays }).toString();
  const body = { title: 'Edge', start, ...(end === undefined ? {} : { end }), ...(sayAllDay ? { allDay: true } : {}) };
  return caseOf(body, startMs === null ? null : { startMs, endMs: startMs + (endDays ?? 1) * DAY_MS }, end);
}

function timedCase({ start, endAfterMs, endOffset, sayAllDay }: { start: string; endAfterMs: number | null; endOffset: string; sayAllDay: boolean }): Case {
  const startMs = oracleMs(start);
  const end =
    startMs === null || endAfterMs === null
      ? undefined
      : Temporal.Instant.fromEpochMilliseconds(startMs + endAfterMs).toString({ timeZone: endOffset === 'Z' ? 'UTC' : endOffset });
  const body = { title: 'Edge', start, ...(end === undefined ? {} : { end }), ...(sayAllDay ? { allDay: false } : {}) };
  return caseOf(body, startMs === null ? null : { startMs, endMs: startMs + (endAfterMs ?? HOUR_MS) }, end);
}

const anyCase = fc.oneof(allDayInput.map(allDayCase), timedInput.map(timedCase));

function accept(body: unknown): { ok: true; draft: EventDraft } | { ok: false; fields: string[] } {
  const parsed = eventWriteSchema.safeParse(body);
  if (!parsed.success) return { ok: false, fields: parsed.error.issues.map((issue) => issue.path.join('.')) };
  const result = normaliseEvent(parsed.data);
  return result.ok ? result : { ok: false, fields: result.issues.map((issue) => issue.path.join('.')) };
}

// overrides, importSource and localStart are the server's own: a client never writes them (a local start is its start).
function draftAsWrite({ description, location, timeZone, categoryId, video, onlineMeetingUrl, overrides: _overrides, importSource: _importSource, localStart: _localStart, ...rest }: EventDraft) {
  return { ...rest, extendedProps: { description, location, timeZone, categoryId, video, onlineMeetingUrl } };
}

/** What the API answers after storing a draft, and what a PATCH of the title alone writes back. */
function storedAndReadBack(draft: EventDraft) {
  const authorship = { createdBy: { id: 'u', name: 'U' }, updatedBy: { id: 'u', name: 'U' }, createdAt: '', updatedAt: '' };
  const record = eventRecord({ id: 'e', calendarId: 'c', draft, authorship, version: 1 });
  return { record, event: toCalendarEvent(record) };
}

describe('event dates, for any input (property-based)', () => {
  it('accepts exactly the inputs within the years and the longest event, and refuses the rest on start or end', () => {
    fc.assert(
      fc.property(anyCase, ({ body, expected }) => {
        const result = accept(body);
        if (expected === null) {
          expect(result.ok).toBe(false);
          if (!result.ok) expect(result.fields.every((field) => field === 'start' || field === 'end')).toBe(true);
          return;
        }
        expect(result).toMatchObject({ ok: true });
      }),
      { numRuns: 2_000 },
    );
    // Thousands of generated cases: a few seconds alone, more while other work loads both cores.
  }, 30_000);

  it('stores what it accepted: lasts what it said (or the default), within the limits, and reads back equal', () => {
    fc.assert(
      fc.property(anyCase, ({ body, said }) => {
        const result = accept(body);
        if (!result.ok) return;
        const { record, event } = storedAndReadBack(result.draft);
        expect({ startMs: record.startMs, endMs: record.endMs }).toEqual(said);
        expect(record.endMs - record.startMs).toBeLessThanOrEqual(MAX_DURATION_MS);
        expect(record.startMs).toBeGreaterThanOrEqual(RANGE_START_MS);
        expect(record.endMs).toBeLessThanOrEqual(RANGE_END_MS);
        // Normalising again changes nothing, and the event as the API returns it is accepted as it is.
        expect(accept(draftAsWrite(result.draft))).toEqual({ ok: true, draft: result.draft });
        expect(accept(eventToWrite(event))).toEqual({ ok: true, draft: result.draft });
        expect({ start: event.start, end: event.end }).toEqual({ start: result.draft.start, end: result.draft.end });
      }),
      { numRuns: 2_000 },
    );
    // Thousands of generated cases: a few seconds alone, more while other work loads both cores.
  }, 30_000);
});

describe('date arithmetic, for every year', () => {
  const anyDay = fc.integer({ min: -1_000, max: 20_000 }).chain((y) =>
    fc.integer({ min: 1, max: 366 }).map((dayOfYear) => Temporal.PlainDate.from({ year: y, month: 1, day: 1 }).add({ days: dayOfYear - 1 })),
  );

  it('reads and writes dates as Temporal does, and adds days across years, leap days and the two-digit years', () => {
    fc.assert(
      fc.property(anyDay, fc.integer({ min: -800, max: 800 }), (day, days) => {
        const text = day.toString();
        expect(dateToDayMs(text)).toBe(day.toZonedDateTime('UTC').epochMilliseconds);
        expect(dayMsToDate(dateToDayMs(text))).toBe(text);
        expect(addDays(text, days)).toBe(day.add({ days }).toString());
      }),
    );
  });

  it('gets the reported cases right', () => {
    expect(addDays('0099-12-31', 1)).toBe('0100-01-01');
    expect(addDays('9999-12-31', 1)).toBe('+010000-01-01');
    expect(dateToDayMs('0050-03-01')).toBe(Temporal.PlainDate.from('0050-03-01').toZonedDateTime('UTC').epochMilliseconds);
    expect(eventTimeMs('2200-12-31T23:30:00-01:00')).toBe(RANGE_END_MS + 30 * 60_000);
    expect(dateToDayMs('2027-5-1')).toBeNaN();
  });
});

describe('the reported inputs', () => {
  it.each(['0000-01-01', '0001-01-01', '0050-03-01', '0099-12-31', '9999-12-31', `${EVENT_YEAR_MIN - 1}-12-31`, `${EVENT_YEAR_MAX + 1}-01-01`])(
    'refuses an all-day start of %s on start, saying the range',
    (start) => {
      const parsed = eventWriteSchema.safeParse({ title: 'x', start });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([{ path: ['start'], message: EVENT_YEARS_MESSAGE }]);
    },
  );

  it('refuses a timed start in year 9999, and a default end past the range on end', () => {
    expect(accept({ title: 'x', start: '9999-12-31T23:30:00Z' })).toEqual({ ok: false, fields: ['start'] });
    const result = normaliseEvent(eventWriteSchema.parse({ title: 'x', start: `${EVENT_YEAR_MAX}-12-31T23:30:00Z` }));
    expect(result).toEqual({ ok: false, issues: [{ path: ['end'], message: `${EVENT_YEARS_MESSAGE} (without an end, an event lasts an hour)` }] });
  });

  it('accepts the last day and the last instant of the range, and the first', () => {
    expect(accept({ title: 'x', start: `${EVENT_YEAR_MAX}-12-31` })).toMatchObject({ ok: true, draft: { end: `${EVENT_YEAR_MAX + 1}-01-01` } });
    expect(accept({ title: 'x', start: `${EVENT_YEAR_MAX}-12-31T23:00:00Z` })).toMatchObject({
      ok: true,
      draft: { end: `${EVENT_YEAR_MAX + 1}-01-01T00:00:00.000Z` },
    });
    expect(accept({ title: 'x', start: `${EVENT_YEAR_MIN}-01-01T00:00:00Z` }).ok).toBe(true);
    expect(accept({ title: 'x', start: `${EVENT_YEAR_MIN}-01-01T00:30:00+01:00` })).toEqual({ ok: false, fields: ['start'] });
  });
});

describe('the event form', () => {
  const ZONES = ['UTC', 'Europe/Paris', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'America/St_Johns'];
  const formYear = fc.oneof(year, fc.integer({ min: 10_000, max: 275_760 }));
  const formDate = fc
    .tuple(formYear, fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }))
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m)}-${pad(d)}`);
  const formTime = fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`);
  const formValues = fc.record({
    title: fc.constant('Edge'),
    calendarId: fc.constant('c'),
    categoryId: fc.constant(''),
    allDay: fc.boolean(),
    startDate: formDate,
    startTime: formTime,
    endDate: formDate,
    endTime: formTime,
    timeZone: fc.constant('UTC'),
    location: fc.constant(''),
    description: fc.constant(''),
    video: fc.constant(''),
    onlineMeetingUrl: fc.constant(''),
    url: fc.constant(''),
    repeat: fc.constant(NO_REPEAT),
  });

  it('offers the supported years on its date inputs', () => {
    expect([EVENT_DATE_INPUT_MIN, EVENT_DATE_INPUT_MAX]).toEqual([`${EVENT_YEAR_MIN}-01-01`, `${EVENT_YEAR_MAX}-12-31`]);
  });

  it('either sends a body the API accepts, or says what is wrong next to a date or time field', () => {
    fc.assert(
      fc.property(formValues, fc.constantFrom(...ZONES), (values: EventFormValues, timeZone) => {
        const result = validateEventForm(values, { timeZone, includeTimeZone: true, includeRule: true });
        if (result.ok) {
          expect(accept(result.event).ok).toBe(true);
          return;
        }
        expect(result.formErrors).toEqual([]);
        expect(Object.keys(result.errors).length).toBeGreaterThan(0);
        expect(Object.keys(result.errors).every((field) => ['startDate', 'startTime', 'endDate', 'endTime'].includes(field))).toBe(true);
      }),
      { numRuns: 500 },
    );
    // Thousands of generated cases: a few seconds alone, more while other work loads both cores.
  }, 30_000);

  it('says the range next to a date outside it, however far', () => {
    const values: EventFormValues = {
      title: 'x',
      calendarId: 'c',
      categoryId: '',
      allDay: false,
      startDate: '20000-01-01',
      startTime: '09:00',
      endDate: `${EVENT_YEAR_MIN - 1}-12-31`,
      endTime: '10:00',
      timeZone: 'UTC',
      location: '',
      description: '',
      video: '',
      onlineMeetingUrl: '',
      url: '',
      repeat: NO_REPEAT,
    };
    const result = validateEventForm(values, { timeZone: 'UTC', includeTimeZone: false, includeRule: true });
    expect(result).toEqual({ ok: false, errors: { startDate: DATE_ERRORS.yearsOutOfRange, endDate: DATE_ERRORS.yearsOutOfRange }, formErrors: [] });
  });
});
