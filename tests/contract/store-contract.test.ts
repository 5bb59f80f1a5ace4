import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import { NotFoundError, PreconditionFailedError, type EventWindow, type Store } from '../../src/api/stores/repository.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { FEED_EVENTS_MAX } from '../../src/shared/limits.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';

const TENANT = 'tenant-contract';
const OTHER_TENANT = 'tenant-other';
const ACTOR = { id: 'tester', name: 'Tester' };
/** Conditional writes racing on one version of an event. */
const RACERS = 10;

function draft(fields: { title: string; start: string; end?: string }): EventDraft {
  const result = normaliseEvent(fields);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

function windowOf(start: string, end: string, timeZone = 'UTC'): EventWindow {
  const window = resolveEventWindow(start, end, timeZone);
  if ('field' in window) throw new Error(window.message);
  return window;
}

const newCalendar = (name: string, editors: string[] = []) => ({ name, color: '#123456', description: `${name} calendar`, editors });

describe.each(STORE_FACTORIES)('the %s store', (_name, open) => {
  let opened: OpenedStore;
  let store: Store;
  beforeAll(async () => {
    opened = await open();
    store = opened.store;
  });
  afterAll(() => opened.dispose());

  describe('calendars', () => {
    it('creates, reads and lists them by name within a tenant only', async () => {
      const zebra = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Zebra') });
      const apple = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('apple', ['u1', 'g1']) });
      await store.calendars.create({ actor: ACTOR, tenantId: OTHER_TENANT, input: newCalendar('Elsewhere') });
      expect(apple).toMatchObject({ tenantId: TENANT, name: 'apple', editors: ['u1', 'g1'], version: 1 });
      expect(await store.calendars.get({ tenantId: TENANT, calendarId: apple.id })).toEqual(apple);
      const names = (await store.calendars.list({ tenantId: TENANT })).map((c) => c.name);
      expect(names.indexOf('apple')).toBeLessThan(names.indexOf('Zebra'));
      expect(names).not.toContain('Elsewhere');
      expect(await store.calendars.get({ tenantId: OTHER_TENANT, calendarId: zebra.id })).toBeNull();
    });

    it('updates with the expected version, bumps it, and refuses a stale one', async () => {
      const calendar = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Versioned') });
      const renamed = await store.calendars.update({ actor: ACTOR, tenantId: TENANT, calendarId: calendar.id, patch: { name: 'Renamed', color: undefined, description: undefined, editors: undefined }, expected: 1 });
      expect(renamed).toMatchObject({ name: 'Renamed', color: '#123456', version: 2 });
      await expect(store.calendars.update({ actor: ACTOR, tenantId: TENANT, calendarId: calendar.id, patch: { name: 'Lost', color: undefined, description: undefined, editors: undefined }, expected: 1 })).rejects.toBeInstanceOf(PreconditionFailedError);
      const any = await store.calendars.update({ actor: ACTOR, tenantId: TENANT, calendarId: calendar.id, patch: { name: undefined, color: '#654321', description: undefined, editors: ['x'] }, expected: null });
      expect(any).toMatchObject({ name: 'Renamed', color: '#654321', editors: ['x'], version: 3 });
      await expect(store.calendars.update({ actor: ACTOR, tenantId: OTHER_TENANT, calendarId: calendar.id, patch: { name: 'Theirs', color: undefined, description: undefined, editors: undefined }, expected: null })).rejects.toBeInstanceOf(NotFoundError);
    });

    it('deletes a calendar with its events to the calendar trash, checking the version first', async () => {
      const calendar = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Doomed') });
      const event = await store.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft({ title: 'Goes too', start: '2027-05-01T09:00:00Z', end: '2027-05-01T10:00:00Z' }), actor: ACTOR });
      await expect(store.calendars.delete({ actor: ACTOR, tenantId: TENANT, calendarId: calendar.id, expected: 9 })).rejects.toBeInstanceOf(PreconditionFailedError);
      await expect(store.calendars.delete({ actor: ACTOR, tenantId: OTHER_TENANT, calendarId: calendar.id, expected: null })).rejects.toBeInstanceOf(NotFoundError);
      await store.calendars.delete({ actor: ACTOR, tenantId: TENANT, calendarId: calendar.id, expected: 1 });
      expect(await store.calendars.get({ tenantId: TENANT, calendarId: calendar.id })).toBeNull();
      expect(await store.events.findById({ tenantId: TENANT, eventId: event.id })).toBeNull();
      expect(await store.events.listInWindow({ tenantId: TENANT, calendarIds: [calendar.id], window: windowOf('2027-05-01', '2027-05-02'), limit: FEED_EVENTS_MAX })).toEqual([]);
      await expect(store.calendars.delete({ actor: ACTOR, tenantId: TENANT, calendarId: calendar.id, expected: null })).rejects.toBeInstanceOf(NotFoundError);
      // Trashed, not gone: trash-contract.test.ts restores and purges.
      expect(await store.calendars.listTrash({ tenantId: TENANT })).toMatchObject([{ calendar: { id: calendar.id, version: 2 }, eventCount: 1 }]);
    });
  });

  describe('events', () => {
    let calendarId: string;
    let otherCalendarId: string;
    beforeAll(async () => {
      calendarId = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Events') })).id;
      otherCalendarId = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Other events') })).id;
    });

    it('creates an event in FullCalendar shape, and only in a calendar that exists in the tenant', async () => {
      const event = await store.events.create({ tenantId: TENANT, calendarId, draft: draft({ title: 'Planning', start: '2027-06-01T09:00:00Z', end: '2027-06-01T10:30:00Z' }), actor: ACTOR });
      expect(event).toMatchObject({
        title: 'Planning',
        start: '2027-06-01T09:00:00.000Z',
        end: '2027-06-01T10:30:00.000Z',
        allDay: false,
        extendedProps: { calendarId, createdBy: ACTOR, updatedBy: ACTOR, version: 1 },
      });
      expect(event).not.toHaveProperty('url');
      expect(await store.events.get({ tenantId: TENANT, calendarId, eventId: event.id })).toEqual(event);
      expect(await store.events.get({ tenantId: TENANT, calendarId: otherCalendarId, eventId: event.id })).toBeNull();
      expect(await store.events.get({ tenantId: OTHER_TENANT, calendarId, eventId: event.id })).toBeNull();
      expect(await store.events.findById({ tenantId: TENANT, eventId: event.id })).toEqual(event);
      expect(await store.events.findById({ tenantId: OTHER_TENANT, eventId: event.id })).toBeNull();
      await expect(store.events.create({ tenantId: TENANT, calendarId: 'no-such-calendar', draft: draft({ title: 'x', start: '2027-06-01' }), actor: ACTOR })).rejects.toBeInstanceOf(NotFoundError);
      await expect(store.events.create({ tenantId: OTHER_TENANT, calendarId, draft: draft({ title: 'x', start: '2027-06-01' }), actor: ACTOR })).rejects.toBeInstanceOf(NotFoundError);
    });

    it('updates with the expected version, keeps the creator, and moves between calendars', async () => {
      const event = await store.events.create({ tenantId: TENANT, calendarId, draft: draft({ title: 'Move me', start: '2027-06-02T09:00:00Z' }), actor: ACTOR });
      const editor = { id: 'editor', name: 'Editor' };
      const moved = await store.events.update({ tenantId: TENANT, calendarId, eventId: event.id, draft: draft({ title: 'Moved', start: '2027-06-03T09:00:00Z' }), actor: editor, expected: 1, toCalendarId: otherCalendarId });
      expect(moved).toMatchObject({ title: 'Moved', extendedProps: { calendarId: otherCalendarId, createdBy: ACTOR, updatedBy: editor, version: 2 } });
      expect(await store.events.get({ tenantId: TENANT, calendarId, eventId: event.id })).toBeNull();
      expect(await store.events.get({ tenantId: TENANT, calendarId: otherCalendarId, eventId: event.id })).toEqual(moved);
      await expect(store.events.update({ tenantId: TENANT, calendarId: otherCalendarId, eventId: event.id, draft: draft({ title: 'Stale', start: '2027-06-03' }), actor: editor, expected: 1 })).rejects.toBeInstanceOf(PreconditionFailedError);
      await expect(store.events.update({ tenantId: TENANT, calendarId, eventId: event.id, draft: draft({ title: 'Wrong calendar', start: '2027-06-03' }), actor: editor, expected: 2 })).rejects.toBeInstanceOf(NotFoundError);
      await expect(store.events.update({ tenantId: TENANT, calendarId: otherCalendarId, eventId: event.id, draft: draft({ title: 'Nowhere', start: '2027-06-03' }), actor: editor, expected: 2, toCalendarId: 'gone' })).rejects.toBeInstanceOf(NotFoundError);
    });

    it('deletes with the expected version', async () => {
      const event = await store.events.create({ tenantId: TENANT, calendarId, draft: draft({ title: 'Delete me', start: '2027-06-04' }), actor: ACTOR });
      await expect(store.events.delete({ actor: ACTOR, tenantId: TENANT, calendarId, eventId: event.id, expected: 2 })).rejects.toBeInstanceOf(PreconditionFailedError);
      await expect(store.events.delete({ actor: ACTOR, tenantId: OTHER_TENANT, calendarId, eventId: event.id, expected: 1 })).rejects.toBeInstanceOf(NotFoundError);
      await store.events.delete({ actor: ACTOR, tenantId: TENANT, calendarId, eventId: event.id, expected: 1 });
      expect(await store.events.findById({ tenantId: TENANT, eventId: event.id })).toBeNull();
      await expect(store.events.delete({ actor: ACTOR, tenantId: TENANT, calendarId, eventId: event.id, expected: null })).rejects.toBeInstanceOf(NotFoundError);
    });

    it('lets exactly one of two concurrent writers with the same version win', async () => {
      const event = await store.events.create({ tenantId: TENANT, calendarId, draft: draft({ title: 'Contended', start: '2027-06-05' }), actor: ACTOR });
      const results = await Promise.allSettled(
        ['A', 'B'].map((who) => store.events.update({ tenantId: TENANT, calendarId, eventId: event.id, draft: draft({ title: `Edited by ${who}`, start: '2027-06-05' }), actor: ACTOR, expected: 1 })),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(PreconditionFailedError);
      expect((await store.events.findById({ tenantId: TENANT, eventId: event.id }))?.extendedProps.version).toBe(2);
    });

    describe('concurrent conditional writes on one version', () => {
      type Write = { kind: 'update' | 'delete'; title: string };
      const updates = (count: number): Write[] => Array.from({ length: count }, (_, i) => ({ kind: 'update', title: `Update ${i}` }));
      const deletes = (count: number): Write[] => Array.from({ length: count }, (_, i) => ({ kind: 'delete', title: `Delete ${i}` }));

      /** Runs the writes at once against a new event at version 1: what each got, and the event afterwards. */
      async function race(writes: Write[]) {
        const event = await store.events.create({ tenantId: TENANT, calendarId, draft: draft({ title: 'Raced', start: '2027-06-06' }), actor: ACTOR });
        const outcomes = await Promise.allSettled(
          writes.map(({ kind, title }) =>
            kind === 'update'
              ? store.events.update({ tenantId: TENANT, calendarId, eventId: event.id, draft: draft({ title, start: '2027-06-06' }), actor: ACTOR, expected: 1 })
              : store.events.delete({ actor: ACTOR, tenantId: TENANT, calendarId, eventId: event.id, expected: 1 }),
          ),
        );
        const winners = writes.filter((_, i) => outcomes[i]!.status === 'fulfilled');
        const errors = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
        return { outcomes, winners, errors, after: await store.events.findById({ tenantId: TENANT, eventId: event.id }) };
      }

      it(`lets exactly one of ${RACERS} updates win; the others get PreconditionFailedError; the event is the winner’s`, async () => {
        const { outcomes, winners, errors, after } = await race(updates(RACERS));
        expect(winners).toHaveLength(1);
        for (const error of errors) expect(error).toBeInstanceOf(PreconditionFailedError);
        const won = outcomes.find((outcome) => outcome.status === 'fulfilled') as PromiseFulfilledResult<unknown>;
        expect(after).toEqual(won.value);
        expect(after).toMatchObject({ title: winners[0]!.title, extendedProps: { version: 2 } });
      });

      // A loser that read the event before the winner deleted it lost the race; one that read it after found nothing.
      it(`deletes once: of ${RACERS} deletes one succeeds, the others get PreconditionFailedError or NotFoundError`, async () => {
        const { winners, errors, after } = await race(deletes(RACERS));
        expect(winners).toHaveLength(1);
        for (const error of errors) expect([PreconditionFailedError, NotFoundError]).toContain((error as object).constructor);
        expect(after).toBeNull();
      });

      it('lets exactly one of updates and deletes mixed win; after an update won every loser got PreconditionFailedError', async () => {
        // Each order once: SQLite runs the first to arrive first, so both kinds of winner are seen there.
        for (const writes of [[...updates(RACERS / 2), ...deletes(RACERS / 2)], [...deletes(RACERS / 2), ...updates(RACERS / 2)]]) {
          const { outcomes, winners, errors, after } = await race(writes);
          expect(winners).toHaveLength(1);
          if (winners[0]!.kind === 'update') {
            for (const error of errors) expect(error).toBeInstanceOf(PreconditionFailedError);
            expect(after).toEqual((outcomes.find((outcome) => outcome.status === 'fulfilled') as PromiseFulfilledResult<unknown>).value);
          } else {
            for (const error of errors) expect([PreconditionFailedError, NotFoundError]).toContain((error as object).constructor);
            expect(after).toBeNull();
          }
        }
      });
    });
  });

  describe('the window query', () => {
    let calendarId: string;
    beforeAll(async () => {
      calendarId = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Edges') })).id;
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
      for (const seed of seeds) await store.events.create({ tenantId: TENANT, calendarId, draft: draft(seed), actor: ACTOR });
    });

    const titlesIn = async (window: EventWindow) => (await store.events.listInWindow({ tenantId: TENANT, calendarIds: [calendarId], window, limit: FEED_EVENTS_MAX })).map((event) => event.title);

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
      const titles = await titlesIn(windowOf('2027-01-11', '2027-01-12', 'Asia/Tokyo'));
      expect(titles).toContain('all-day that day');
      expect(titles).not.toContain('all-day the day before');
      expect(titles).toContain('inside');
      expect(titles).toContain('ends at window start');
    });

    it('orders results by start, all-day first on a tie', async () => {
      const events = await store.events.listInWindow({ tenantId: TENANT, calendarIds: [calendarId], window: windowOf('2027-01-01', '2027-02-01'), limit: FEED_EVENTS_MAX });
      const keys = events.map((event) => `${event.start.slice(0, 10)}${event.allDay ? ' ' : 'T'}`);
      expect(keys).toEqual([...keys].sort());
      expect(events.length).toBe(9);
    });

    it('never returns another tenant’s events or unknown calendars', async () => {
      expect(await store.events.listInWindow({ tenantId: OTHER_TENANT, calendarIds: [calendarId], window: windowOf('2027-01-01', '2027-02-01'), limit: FEED_EVENTS_MAX })).toEqual([]);
      expect(await store.events.listInWindow({ tenantId: TENANT, calendarIds: ['unknown'], window: windowOf('2027-01-01', '2027-02-01'), limit: FEED_EVENTS_MAX })).toEqual([]);
    });

    it('still finds an event after an edit makes it longer than any before', async () => {
      const stretch = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Stretch') })).id;
      const short = await store.events.create({ tenantId: TENANT, calendarId: stretch, draft: draft({ title: 'stretched', start: '2027-06-01T09:00:00Z', end: '2027-06-01T10:00:00Z' }), actor: ACTOR });
      const july = windowOf('2027-07-01', '2027-07-02');
      expect(await store.events.listInWindow({ tenantId: TENANT, calendarIds: [stretch], window: july, limit: FEED_EVENTS_MAX })).toEqual([]);
      await store.events.update({ tenantId: TENANT, calendarId: stretch, eventId: short.id, draft: draft({ title: 'stretched', start: '2027-06-01T09:00:00Z', end: '2027-08-01T10:00:00Z' }), actor: ACTOR, expected: 1 });
      expect((await store.events.listInWindow({ tenantId: TENANT, calendarIds: [stretch], window: july, limit: FEED_EVENTS_MAX })).map((e) => e.title)).toEqual(['stretched']);
    });

    it('reads at most limit + 1 single events of a window, across calendars, and never counts a series’ master', async () => {
      const first = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Capped one') })).id;
      const second = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Capped two') })).id;
      for (const [calendarId, day] of [[first, 4], [second, 5]] as const) {
        for (const hour of ['09', '10', '11']) {
          await store.events.create({ tenantId: TENANT, calendarId, draft: draft({ title: `c${day}-${hour}`, start: `2027-06-0${day}T${hour}:00:00Z` }), actor: ACTOR });
        }
        const series = normaliseEvent({ title: `series ${day}`, start: `2027-06-0${day}T08:00:00Z`, rrule: 'FREQ=DAILY;COUNT=3', extendedProps: { timeZone: 'UTC' } });
        if (!series.ok) throw new Error(JSON.stringify(series.issues));
        await store.events.create({ tenantId: TENANT, calendarId, draft: series.draft, actor: ACTOR });
      }
      const query = { tenantId: TENANT, calendarIds: [first, second], window: windowOf('2027-06-01', '2027-06-30') };
      const titles = async (limit: number) => (await store.events.listInWindow({ ...query, limit })).map((event) => event.title);
      const all = ['c4-09', 'c4-10', 'c4-11', 'c5-09', 'c5-10', 'c5-11'];
      expect(await titles(6)).toEqual(all);
      expect(await titles(100)).toEqual(all);
      // One over the limit tells the service the window is too full; which ones come back does not matter.
      for (const limit of [0, 2, 3, 5]) {
        const some = await titles(limit);
        expect(some).toHaveLength(limit + 1);
        expect(all).toEqual(expect.arrayContaining(some));
      }
    });

    it('pages through large results', async () => {
      const busy = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Busy') })).id;
      const count = 1_200;
      for (let i = 0; i < count; i++) {
        const start = Date.UTC(2027, 2, 1) + i * 60_000;
        await store.events.create({ tenantId: TENANT, calendarId: busy, draft: draft({ title: `e${i}`, start: new Date(start).toISOString(), end: new Date(start + 30_000).toISOString() }), actor: ACTOR });
      }
      const events = await store.events.listInWindow({ tenantId: TENANT, calendarIds: [busy], window: windowOf('2027-03-01', '2027-03-02'), limit: FEED_EVENTS_MAX });
      expect(events).toHaveLength(count);
      expect(new Set(events.map((e) => e.id)).size).toBe(count);
    });
  });

  describe('persistence and seeding', () => {
    it('shows the same data to a second store over the same data (a restart, or another instance)', async () => {
      const calendar = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Durable') });
      const event = await store.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft({ title: 'Still here', start: '2027-09-01' }), actor: ACTOR });
      const again = await opened.reopen();
      expect(await again.calendars.get({ tenantId: TENANT, calendarId: calendar.id })).toEqual(calendar);
      expect(await again.events.findById({ tenantId: TENANT, eventId: event.id })).toEqual(event);
      const updated = await again.events.update({ tenantId: TENANT, calendarId: calendar.id, eventId: event.id, draft: draft({ title: 'Edited elsewhere', start: '2027-09-01' }), actor: ACTOR, expected: 1 });
      expect(await store.events.findById({ tenantId: TENANT, eventId: event.id })).toEqual(updated);
    });

    it('is ready, and does not offer the demo seed once calendars exist', async () => {
      expect(await store.isReady()).toBe(true);
      expect(await store.claimDemoSeed()).toBe(false);
    });
  });
});

describe.each(STORE_FACTORIES)('an empty %s store', (_name, open) => {
  it('offers the demo seed', async () => {
    const opened = await open();
    expect(await opened.store.claimDemoSeed()).toBe(true);
    await opened.dispose();
  });
});
