import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import type { EventWindow, Store } from '../../src/api/stores/repository.ts';
import { openSqliteStore } from '../../src/api/stores/sqlite/sqlite-store.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';

const TENANT = 'tenant-overlap';
let dataDir: string;
let store: Store;
let calendarId: string;

function draft(fields: { title: string; start: string; end: string }): EventDraft {
  const result = normaliseEvent(fields);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

function windowOf(start: string, end: string, timeZone = 'UTC'): EventWindow {
  const window = resolveEventWindow(start, end, timeZone);
  if ('field' in window) throw new Error(window.message);
  return window;
}

async function titlesIn(window: EventWindow): Promise<string[]> {
  return (await store.events.listInWindow(TENANT, [calendarId], window)).map((event) => event.title);
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'company-calendar-overlap-'));
  store = openSqliteStore({ dataDir });
  calendarId = (await store.calendars.create(TENANT, { name: 'Edges', color: '#000000', description: '', editors: [] })).id;
  const actor = { id: 'test', name: 'Test' };
  const seeds = [
    { title: 'ends at window start', start: '2027-01-10T09:00:00Z', end: '2027-01-11T00:00:00Z' },
    { title: 'starts at window end', start: '2027-01-12T00:00:00Z', end: '2027-01-12T01:00:00Z' },
    { title: 'inside', start: '2027-01-11T09:00:00Z', end: '2027-01-11T10:00:00Z' },
    { title: 'spans the window', start: '2027-01-01T00:00:00Z', end: '2027-01-20T00:00:00Z' },
    { title: 'ends a millisecond in', start: '2027-01-10T09:00:00Z', end: '2027-01-11T00:00:00.001Z' },
    { title: 'long, ended long ago', start: '2026-01-01T00:00:00Z', end: '2026-12-01T00:00:00Z' },
    { title: 'all-day the day before', start: '2027-01-10', end: '2027-01-11' },
    { title: 'all-day that day', start: '2027-01-11', end: '2027-01-12' },
    { title: 'all-day the day after', start: '2027-01-12', end: '2027-01-13' },
    { title: 'all-day for a year', start: '2026-02-01', end: '2027-01-15' },
  ];
  for (const seed of seeds) await store.events.create(TENANT, calendarId, draft(seed), actor);
});

afterAll(async () => {
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the window overlap query (SQLite)', () => {
  it('is half-open: an event ending at the window start and one starting at its end are out', async () => {
    const titles = await titlesIn(windowOf('2027-01-11T00:00:00Z', '2027-01-12T00:00:00Z'));
    expect(titles).not.toContain('ends at window start');
    expect(titles).not.toContain('starts at window end');
    expect(titles).toEqual(expect.arrayContaining(['inside', 'spans the window', 'ends a millisecond in']));
    expect(titles).not.toContain('long, ended long ago');
  });

  it('treats all-day ends as exclusive', async () => {
    const titles = await titlesIn(windowOf('2027-01-11', '2027-01-12'));
    expect(titles).toContain('all-day that day');
    expect(titles).not.toContain('all-day the day before');
    expect(titles).not.toContain('all-day the day after');
    expect(titles).toContain('all-day for a year');
  });

  it('reads all-day dates in the viewer’s zone: a Tokyo day starting 15:00 UTC the day before', async () => {
    // 2027-01-11 in Tokyo is 2027-01-10T15:00Z to 2027-01-11T15:00Z: its all-day events are those on the 11th.
    const titles = await titlesIn(windowOf('2027-01-11', '2027-01-12', 'Asia/Tokyo'));
    expect(titles).toContain('all-day that day');
    expect(titles).not.toContain('all-day the day before');
    expect(titles).toContain('inside');
    expect(titles).toContain('ends at window start');
  });

  it('orders results by start', async () => {
    const events = await store.events.listInWindow(TENANT, [calendarId], windowOf('2027-01-01', '2027-02-01'));
    const starts = events.map((event) => event.start);
    expect(starts).toEqual([...starts].sort());
  });
});

describe('resolveEventWindow', () => {
  it('reads dates as midnight in the zone, across a DST change', () => {
    // London moves to BST on 28 March 2027: the day is 23 hours long.
    const window = windowOf('2027-03-28', '2027-03-29', 'Europe/London');
    expect(new Date(window.fromMs).toISOString()).toBe('2027-03-28T00:00:00.000Z');
    expect(new Date(window.toMs).toISOString()).toBe('2027-03-28T23:00:00.000Z');
    expect(window.toDayMs - window.fromDayMs).toBe(86_400_000);
  });

  it('honours explicit offsets over the zone', () => {
    const window = windowOf('2027-01-01T00:00:00+05:00', '2027-01-02T00:00:00+05:00', 'America/New_York');
    expect(new Date(window.fromMs).toISOString()).toBe('2026-12-31T19:00:00.000Z');
  });

  it('refuses an end that is not after the start, and dates that do not exist', () => {
    expect(resolveEventWindow('2027-01-02', '2027-01-02', 'UTC')).toMatchObject({ field: 'end' });
    expect(resolveEventWindow('2027-02-30', '2027-03-02', 'UTC')).toMatchObject({ field: 'start' });
  });
});

describe('the longest-event bound', () => {
  it('still finds an event after an edit makes it longer than any before', async () => {
    const actor = { id: 'test', name: 'Test' };
    const calendar = await store.calendars.create(TENANT, { name: 'Stretch', color: '#000000', description: '', editors: [] });
    const short = await store.events.create(TENANT, calendar.id, draft({ title: 'stretched', start: '2027-06-01T09:00:00Z', end: '2027-06-01T10:00:00Z' }), actor);
    const july = resolveEventWindow('2027-07-01', '2027-07-02', 'UTC') as EventWindow;
    expect(await store.events.listInWindow(TENANT, [calendar.id], july)).toEqual([]);
    await store.events.update(TENANT, calendar.id, short.id, draft({ title: 'stretched', start: '2027-06-01T09:00:00Z', end: '2027-08-01T10:00:00Z' }), actor, 1);
    expect((await store.events.listInWindow(TENANT, [calendar.id], july)).map((e) => e.title)).toEqual(['stretched']);
  });
});
