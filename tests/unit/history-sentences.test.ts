import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { ChangeEntry, FieldChange } from '../../src/shared/history-schema.ts';
import { activityFilter } from '../../src/web/features/events/lib/activity-filter.ts';
import { describeEntry, HISTORY_QUOTE_MAX, shorten, type HistoryDisplay } from '../../src/web/features/events/lib/history-sentences.ts';
import { etagVersion } from '../../src/web/lib/etag-version.ts';
import { relativeTime } from '../../src/web/lib/relative-time.ts';
import { timeOfDayOptions } from '../../src/web/lib/time-format.ts';

const EN = createIntl({ locale: 'en', defaultLocale: 'en', messages: {}, onError: (error) => expect.fail(String(error)) });
const NOW = Date.parse('2026-11-27T12:00:00Z');

function calendar(id: string, name: string, categories: { id: string; name: string }[] = []): Calendar {
  return {
    id,
    tenantId: 't',
    name,
    color: '#0F6CBD',
    description: '',
    editors: [],
    createdAt: '',
    updatedAt: '',
    version: 1,
    canEdit: true,
    categories: categories.map((category) => ({ ...category, calendarId: id, color: '#000000', icon: 'Megaphone', createdAt: '', updatedAt: '', version: 1 })),
  } as Calendar;
}

const CALENDARS = [calendar('sales', 'Sales', [{ id: 'c-launch', name: 'Launch' }]), calendar('marketing', 'Marketing', [{ id: 'c-fair', name: 'Trade fair' }])];

const display = (more: Partial<HistoryDisplay> = {}): HistoryDisplay => ({
  locale: 'en-GB',
  timeZone: 'Europe/London',
  timeOfDay: timeOfDayOptions('h23'),
  intl: EN,
  calendars: CALENDARS,
  plainText: (html) => html.replace(/<[^>]+>/g, ' '),
  now: NOW,
  ...more,
});

const ADA = { id: 'ada', name: 'Ada' };

function entry(more: Partial<ChangeEntry> = {}): ChangeEntry {
  return {
    id: 'e1',
    cursor: '1',
    calendarId: 'sales',
    fromCalendarId: null,
    eventId: 'ev1',
    series: false,
    title: 'Stand-up',
    kind: 'updated',
    scope: null,
    recurrenceId: null,
    by: ADA,
    at: '2026-11-27T09:00:00.000Z',
    version: 2,
    changes: [],
    ...more,
  };
}

const change = (field: string, old: unknown, now: unknown): FieldChange => ({ field, old, new: now });
const sentences = (changes: FieldChange[], more: Partial<ChangeEntry> = {}, shown: Partial<HistoryDisplay> = {}) =>
  describeEntry(entry({ changes, ...more }), display(shown)).sentences;

describe('an event’s history in sentences', () => {
  it('says a new time on the same day as times alone, in the viewer’s zone and clock', () => {
    const moved = [change('start', '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z'), change('end', '2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z')];
    expect(sentences(moved)).toEqual(['Ada changed the time from 09:00–10:00 to 10:00–11:00']);
    // Berlin is an hour ahead in November; a 12-hour clock says so.
    expect(sentences(moved, {}, { timeZone: 'Europe/Berlin', locale: 'en-US', timeOfDay: timeOfDayOptions('h12') })).toEqual([
      'Ada changed the time from 10:00\u2009–\u200911:00\u202fAM to 11:00\u202fAM\u2009–\u200912:00\u202fPM',
    ]);
    // Japanese times as a time alone is written, not Intl's range pattern ("9時00分～10時00分").
    expect(sentences(moved, {}, { locale: 'ja', timeOfDay: timeOfDayOptions('h23') })).toEqual(['Ada changed the time from 9:00～10:00 to 10:00～11:00']);
  });

  it('tells a series’ new local start with its time, not as a field of its own', () => {
    const moved = [
      change('start', '2026-11-24T09:00:00Z', '2026-11-24T10:00:00Z'),
      change('end', '2026-11-24T10:00:00Z', '2026-11-24T11:00:00Z'),
      change('localStart', '2026-11-24T09:00:00', '2026-11-24T10:00:00'),
    ];
    expect(sentences(moved, { series: true })).toEqual(['Ada changed the time from 09:00–10:00 to 10:00–11:00']);
  });

  it('says the dates when the day changes, with the year only when it is not this year', () => {
    const nextDay = [change('start', '2026-11-24T09:00:00Z', '2026-11-25T09:00:00Z'), change('end', '2026-11-24T10:00:00Z', '2026-11-25T10:00:00Z')];
    expect(sentences(nextDay)).toEqual(['Ada changed the time from Tue 24 Nov, 09:00–10:00 to Wed 25 Nov, 09:00–10:00']);
    const nextYear = [change('start', '2026-11-24T09:00:00Z', '2027-01-05T09:00:00Z')];
    expect(sentences(nextYear)).toEqual(['Ada changed the start from Tue, 24 Nov 2026, 9:00 to Tue, 5 Jan 2027, 9:00']);
    const allDay = [change('start', '2026-12-24', '2026-12-28'), change('end', '2026-12-25', '2026-12-30'), change('allDay', true, true)];
    expect(sentences(allDay)).toEqual(['Ada changed the time from Thu 24 Dec to Mon 28 Dec\u2009–\u2009Tue 29 Dec']);
  });

  it('tells a move by the calendars’ names, and a category by its calendar’s name for it', () => {
    const move = { kind: 'moved' as const, calendarId: 'marketing', fromCalendarId: 'sales' };
    expect(sentences([change('categoryId', 'c-launch', 'c-fair')], move)).toEqual([
      'Ada moved it from Sales to Marketing',
      'Ada changed the category from Launch to Trade fair',
    ]);
    expect(sentences([], { ...move, fromCalendarId: 'gone' })).toEqual(['Ada moved it from a deleted calendar to Marketing']);
    expect(sentences([change('categoryId', '', 'c-launch')])).toEqual(['Ada set the category to Launch']);
    expect(sentences([change('categoryId', 'c-old', '')])).toEqual(['Ada removed the category a deleted category']);
  });

  it('quotes titles and places, and a description as plain text, shortened', () => {
    expect(sentences([change('title', 'Stand-up', 'Daily stand-up')])).toEqual(['Ada changed the title from “Stand-up” to “Daily stand-up”']);
    expect(sentences([change('location', '', 'Room 4')])).toEqual(['Ada set the location to “Room 4”']);
    expect(sentences([change('location', 'Room 4', '')])).toEqual(['Ada removed the location “Room 4”']);
    const long = 'word '.repeat(100);
    const [said] = sentences([change('description', '<p>Old</p>', `<p><strong>Agenda</strong>:</p><p>${long}</p>`)]);
    expect(said).toBe(`Ada changed the description to “${shorten(`Agenda : ${long}`)}”`);
    expect(shorten(long)).toHaveLength(HISTORY_QUOTE_MAX);
    expect(shorten(long).endsWith('…')).toBe(true);
    expect(shorten('  two\n words ')).toBe('two words');
    expect(sentences([change('description', '', '<p>Hello</p>')])).toEqual(['Ada added a description: “Hello”']);
    expect(sentences([change('description', '<p>Hello</p>', '')])).toEqual(['Ada removed the description']);
  });

  it('tells each field of one change in its own sentence, and fields no one reads not at all', () => {
    const many = [change('title', 'A', 'B'), change('url', '', 'https://example.com'), change('video', '', 'https://www.youtube-nocookie.com/embed/x')];
    expect(sentences(many)).toEqual(['Ada changed the title from “A” to “B”', 'Ada set the link to https://example.com', 'Ada added a video']);
    expect(sentences([change('importSource', null, { uid: 'x', sequence: 0, modified: '' })])).toEqual(['Ada changed this event']);
    expect(sentences([change('onlineMeetingUrl', 'https://teams.microsoft.com/l/meetup-join/a', '')])).toEqual(['Ada removed the Teams meeting']);
  });

  it('says created, deleted and restored for events and series', () => {
    expect(sentences([], { kind: 'created' })).toEqual(['Ada created this event']);
    expect(sentences([], { kind: 'deleted', series: true })).toEqual(['Ada deleted this series']);
    expect(sentences([], { kind: 'restored' })).toEqual(['Ada restored this event']);
  });

  it('puts a series’ rule in words, and names how much of it a change was made to', () => {
    const rule = [change('rrule', '', 'FREQ=WEEKLY;BYDAY=TU')];
    const series = { start: '2026-11-24T09:00:00Z', allDay: false, timeZone: 'Europe/London' };
    expect(sentences(rule, { series: true }, { series })).toEqual(['Ada made it repeat: Weekly on Tuesday']);
    expect(sentences([change('rrule', 'FREQ=DAILY', 'FREQ=DAILY;COUNT=5')], { series: true }, { series })).toEqual([
      'Ada changed the repeat from “Daily” to “Daily, 5 times”',
    ]);
    expect(sentences([change('rrule', 'FREQ=DAILY', '')])).toEqual(['Ada made it a single event']);
    const skipped = [change('exdate', [], ['2026-12-01T09:00:00Z', '2026-12-08T09:00:00Z'])];
    expect(sentences(skipped, { series: true })).toEqual(['Ada removed the occurrences on Tue 1 Dec, 9:00 and Tue 8 Dec, 9:00']);
    const extra = [change('rdate', ['2026-12-01T09:00:00Z'], ['2026-12-03T09:00:00Z'])];
    expect(sentences(extra, { series: true })).toEqual(['Ada added an occurrence on Thu 3 Dec, 9:00', 'Ada removed the added occurrence on Tue 1 Dec, 9:00']);
    const scoped = (scope: ChangeEntry['scope']) =>
      describeEntry(entry({ series: true, scope, recurrenceId: scope === 'all' ? null : '2026-12-01T09:00:00Z' }), display()).scope;
    expect([scoped('this'), scoped('following'), scoped('all'), scoped(null)]).toEqual([
      'This occurrence (Tue 1 Dec, 9:00)',
      'This and following occurrences (from Tue 1 Dec, 9:00)',
      'All occurrences',
      null,
    ]);
  });

  it('tells an occurrence changed on its own, moved, and set back to the series', () => {
    const field = 'overrides.2026-12-01T09:00:00Z';
    expect(sentences([change(field, null, { title: 'Demo day' })])).toEqual(['Ada changed the occurrence on Tue 1 Dec, 9:00']);
    expect(sentences([change(field, null, { start: '2026-12-01T11:00:00Z', end: '2026-12-01T12:00:00Z' })])).toEqual([
      'Ada moved the occurrence on Tue 1 Dec, 9:00 to 11:00–12:00',
    ]);
    expect(sentences([change(field, { title: 'Demo day' }, null)])).toEqual(['Ada undid the changes to the occurrence on Tue 1 Dec, 9:00']);
  });
});

describe('a calendar’s own history in sentences', () => {
  const calendarEntry = (changes: FieldChange[], kind: ChangeEntry['kind'] = 'updated') =>
    describeEntry(entry({ eventId: null, title: 'Sales', kind, changes }), display()).sentences;

  it('tells renames, colours, editors and categories', () => {
    expect(calendarEntry([], 'deleted')).toEqual(['Ada deleted the calendar']);
    expect(calendarEntry([change('name', 'Sales', 'Sales EMEA'), change('color', '#000000', '#FFFFFF')])).toEqual([
      'Ada renamed the calendar from “Sales” to “Sales EMEA”',
      'Ada changed the calendar’s colour',
    ]);
    expect(calendarEntry([change('editors', ['a', 'b'], ['b', 'c', 'd'])])).toEqual(['Ada changed the calendar’s editors: 2 added, 1 removed']);
    const category = (old: unknown, now: unknown) => calendarEntry([change('category.c1', old, now)]);
    expect(category(null, { name: 'Launch', color: '#000000', icon: 'Megaphone' })).toEqual(['Ada added the category “Launch”']);
    expect(category({ name: 'Launch' }, { name: 'Launches' })).toEqual(['Ada renamed the category “Launch” to “Launches”']);
    expect(category({ name: 'Launch', color: '#000000' }, { name: 'Launch', color: '#FFFFFF' })).toEqual(['Ada changed the colour or icon of the category “Launch”']);
    expect(category({ name: 'Launch' }, null)).toEqual(['Ada deleted the category “Launch”']);
  });
});

describe('how long ago', () => {
  it('says the largest whole unit in the locale, "now" under a minute', () => {
    const ago = (ms: number, locale = 'en') => relativeTime(new Date(NOW - ms).toISOString(), NOW, locale);
    expect(ago(30_000)).toBe('now');
    expect(ago(5 * 60_000)).toBe('5 minutes ago');
    expect(ago(3 * 3_600_000 + 40 * 60_000)).toBe('3 hours ago');
    expect(ago(30 * 3_600_000)).toBe('yesterday');
    expect(ago(15 * 86_400_000)).toBe('2 weeks ago');
    expect(ago(400 * 86_400_000)).toBe('last year');
    expect(ago(3 * 3_600_000, 'de')).toBe('vor 3 Stunden');
    expect(relativeTime(new Date(NOW + 2 * 86_400_000).toISOString(), NOW, 'en')).toBe('in 2 days');
  });
});

describe('the activity list’s filter', () => {
  it('asks for whole days in the viewer’s zone, [first day’s start, last day’s end)', () => {
    expect(activityFilter({ by: 'eddie', from: '2026-11-02', to: '2026-11-03' }, 'Europe/Berlin')).toEqual({
      by: 'eddie',
      from: '2026-11-01T23:00:00.000Z',
      to: '2026-11-03T23:00:00.000Z',
      backwards: false,
    });
    expect(activityFilter({ by: '', from: '', to: '' }, 'UTC')).toEqual({ by: null, from: null, to: null, backwards: false });
    // The day the clocks go back is 25 hours long in London.
    expect(activityFilter({ by: '', from: '', to: '2026-10-25' }, 'Europe/London').to).toBe('2026-10-26T00:00:00.000Z');
    expect(activityFilter({ by: '', from: '2026-10-25', to: '' }, 'Europe/London').from).toBe('2026-10-24T23:00:00.000Z');
  });

  it('drops an end before the start, and says so', () => {
    expect(activityFilter({ by: '', from: '2026-11-05', to: '2026-11-01' }, 'UTC')).toEqual({ by: null, from: '2026-11-05T00:00:00.000Z', to: null, backwards: true });
  });
});

describe('a trash entry’s ETag', () => {
  it('names the version restore’s If-Match must say again', () => {
    expect(etagVersion('"7"')).toBe(7);
    expect(etagVersion('W/"12"')).toBe(12);
  });
});
