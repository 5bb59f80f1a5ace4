import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import { NotFoundError, PreconditionFailedError, type EventWindow, type Store } from '../../src/api/stores/repository.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';

const TENANT = 'tenant-contract';
const OTHER_TENANT = 'tenant-other';
const ACTOR = { id: 'tester', name: 'Tester' };
/** Conditional writes racing on one version of an event. */
const RACERS = 10;

function draft(fields: { title: string; start: string; end?: string; calendarId?: string }): EventDraft {
  const { calendarId, ...rest } = fields;
  const result = normaliseEvent({ ...rest, ...(calendarId ? { extendedProps: { calendarId } } : {}) });
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
      const zebra = await store.calendars.create(TENANT, newCalendar('Zebra'));
      const apple = await store.calendars.create(TENANT, newCalendar('apple', ['u1', 'g1']));
      await store.calendars.create(OTHER_TENANT, newCalendar('Elsewhere'));
      expect(apple).toMatchObject({ tenantId: TENANT, name: 'apple', editors: ['u1', 'g1'], version: 1 });
      expect(await store.calendars.get(TENANT, apple.id)).toEqual(apple);
      const names = (await store.calendars.list(TENANT)).map((c) => c.name);
      expect(names.indexOf('apple')).toBeLessThan(names.indexOf('Zebra'));
      expect(names).not.toContain('Elsewhere');
      expect(await store.calendars.get(OTHER_TENANT, zebra.id)).toBeNull();
    });

    it('updates with the expected version, bumps it, and refuses a stale one', async () => {
      const calendar = await store.calendars.create(TENANT, newCalendar('Versioned'));
      const renamed = await store.calendars.update(TENANT, calendar.id, { name: 'Renamed', color: undefined, description: undefined, editors: undefined }, 1);
      expect(renamed).toMatchObject({ name: 'Renamed', color: '#123456', version: 2 });
      await expect(store.calendars.update(TENANT, calendar.id, { name: 'Lost', color: undefined, description: undefined, editors: undefined }, 1)).rejects.toBeInstanceOf(PreconditionFailedError);
      const any = await store.calendars.update(TENANT, calendar.id, { name: undefined, color: '#654321', description: undefined, editors: ['x'] }, null);
      expect(any).toMatchObject({ name: 'Renamed', color: '#654321', editors: ['x'], version: 3 });
      await expect(store.calendars.update(OTHER_TENANT, calendar.id, { name: 'Theirs', color: undefined, description: undefined, editors: undefined }, null)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('deletes a calendar with its events, checking the version first', async () => {
      const calendar = await store.calendars.create(TENANT, newCalendar('Doomed'));
      const event = await store.events.create(TENANT, calendar.id, draft({ title: 'Goes too', start: '2027-05-01T09:00:00Z', end: '2027-05-01T10:00:00Z' }), ACTOR);
      await expect(store.calendars.delete(TENANT, calendar.id, 9)).rejects.toBeInstanceOf(PreconditionFailedError);
      await expect(store.calendars.delete(OTHER_TENANT, calendar.id, null)).rejects.toBeInstanceOf(NotFoundError);
      await store.calendars.delete(TENANT, calendar.id, 1);
      expect(await store.calendars.get(TENANT, calendar.id)).toBeNull();
      expect(await store.events.findById(TENANT, event.id)).toBeNull();
      expect(await store.events.listInWindow(TENANT, [calendar.id], windowOf('2027-05-01', '2027-05-02'))).toEqual([]);
      await expect(store.calendars.delete(TENANT, calendar.id, null)).rejects.toBeInstanceOf(NotFoundError);
    });
  });

  describe('events', () => {
    let calendarId: string;
    let otherCalendarId: string;
    beforeAll(async () => {
      calendarId = (await store.calendars.create(TENANT, newCalendar('Events'))).id;
      otherCalendarId = (await store.calendars.create(TENANT, newCalendar('Other events'))).id;
    });

    it('creates an event in FullCalendar shape, and only in a calendar that exists in the tenant', async () => {
      const event = await store.events.create(TENANT, calendarId, draft({ title: 'Planning', start: '2027-06-01T09:00:00Z', end: '2027-06-01T10:30:00Z' }), ACTOR);
      expect(event).toMatchObject({
        title: 'Planning',
        start: '2027-06-01T09:00:00.000Z',
        end: '2027-06-01T10:30:00.000Z',
        allDay: false,
        extendedProps: { calendarId, createdBy: ACTOR, updatedBy: ACTOR, version: 1 },
      });
      expect(event).not.toHaveProperty('url');
      expect(await store.events.get(TENANT, calendarId, event.id)).toEqual(event);
      expect(await store.events.get(TENANT, otherCalendarId, event.id)).toBeNull();
      expect(await store.events.get(OTHER_TENANT, calendarId, event.id)).toBeNull();
      expect(await store.events.findById(TENANT, event.id)).toEqual(event);
      expect(await store.events.findById(OTHER_TENANT, event.id)).toBeNull();
      await expect(store.events.create(TENANT, 'no-such-calendar', draft({ title: 'x', start: '2027-06-01' }), ACTOR)).rejects.toBeInstanceOf(NotFoundError);
      await expect(store.events.create(OTHER_TENANT, calendarId, draft({ title: 'x', start: '2027-06-01' }), ACTOR)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('updates with the expected version, keeps the creator, and moves between calendars', async () => {
      const event = await store.events.create(TENANT, calendarId, draft({ title: 'Move me', start: '2027-06-02T09:00:00Z' }), ACTOR);
      const editor = { id: 'editor', name: 'Editor' };
      const moved = await store.events.update(TENANT, calendarId, event.id, draft({ title: 'Moved', start: '2027-06-03T09:00:00Z', calendarId: otherCalendarId }), editor, 1);
      expect(moved).toMatchObject({ title: 'Moved', extendedProps: { calendarId: otherCalendarId, createdBy: ACTOR, updatedBy: editor, version: 2 } });
      expect(await store.events.get(TENANT, calendarId, event.id)).toBeNull();
      expect(await store.events.get(TENANT, otherCalendarId, event.id)).toEqual(moved);
      await expect(store.events.update(TENANT, otherCalendarId, event.id, draft({ title: 'Stale', start: '2027-06-03' }), editor, 1)).rejects.toBeInstanceOf(PreconditionFailedError);
      await expect(store.events.update(TENANT, calendarId, event.id, draft({ title: 'Wrong calendar', start: '2027-06-03' }), editor, 2)).rejects.toBeInstanceOf(NotFoundError);
      await expect(store.events.update(TENANT, otherCalendarId, event.id, draft({ title: 'Nowhere', start: '2027-06-03', calendarId: 'gone' }), editor, 2)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('deletes with the expected version', async () => {
      const event = await store.events.create(TENANT, calendarId, draft({ title: 'Delete me', start: '2027-06-04' }), ACTOR);
      await expect(store.events.delete(TENANT, calendarId, event.id, 2)).rejects.toBeInstanceOf(PreconditionFailedError);
      await expect(store.events.delete(OTHER_TENANT, calendarId, event.id, 1)).rejects.toBeInstanceOf(NotFoundError);
      await store.events.delete(TENANT, calendarId, event.id, 1);
      expect(await store.events.findById(TENANT, event.id)).toBeNull();
      await expect(store.events.delete(TENANT, calendarId, event.id, null)).rejects.toBeInstanceOf(NotFoundError);
    });

    it('lets exactly one of two concurrent writers with the same version win', async () => {
      const event = await store.events.create(TENANT, calendarId, draft({ title: 'Contended', start: '2027-06-05' }), ACTOR);
      const results = await Promise.allSettled(
        ['A', 'B'].map((who) => store.events.update(TENANT, calendarId, event.id, draft({ title: `Edited by ${who}`, start: '2027-06-05' }), ACTOR, 1)),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(PreconditionFailedError);
      expect((await store.events.findById(TENANT, event.id))?.extendedProps.version).toBe(2);
    });

    describe('concurrent conditional writes on one version', () => {
      type Write = { kind: 'update' | 'delete'; title: string };
      const updates = (count: number): Write[] => Array.from({ length: count }, (_, i) => ({ kind: 'update', title: `Update ${i}` }));
      const deletes = (count: number): Write[] => Array.from({ length: count }, (_, i) => ({ kind: 'delete', title: `Delete ${i}` }));

      /** Runs the writes at once against a new event at version 1: what each got, and the event afterwards. */
      async function race(writes: Write[]) {
        const event = await store.events.create(TENANT, calendarId, draft({ title: 'Raced', start: '2027-06-06' }), ACTOR);
        const outcomes = await Promise.allSettled(
          writes.map(({ kind, title }) =>
            kind === 'update'
              ? store.events.update(TENANT, calendarId, event.id, draft({ title, start: '2027-06-06' }), ACTOR, 1)
              : store.events.delete(TENANT, calendarId, event.id, 1),
          ),
        );
        const winners = writes.filter((_, i) => outcomes[i]!.status === 'fulfilled');
        const errors = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
        return { outcomes, winners, errors, after: await store.events.findById(TENANT, event.id) };
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
      calendarId = (await store.calendars.create(TENANT, newCalendar('Edges'))).id;
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
      for (const seed of seeds) await store.events.create(TENANT, calendarId, draft(seed), ACTOR);
    });

    const titlesIn = async (window: EventWindow) => (await store.events.listInWindow(TENANT, [calendarId], window)).map((event) => event.title);

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
      const events = await store.events.listInWindow(TENANT, [calendarId], windowOf('2027-01-01', '2027-02-01'));
      const keys = events.map((event) => `${event.start.slice(0, 10)}${event.allDay ? ' ' : 'T'}`);
      expect(keys).toEqual([...keys].sort());
      expect(events.length).toBe(9);
    });

    it('never returns another tenant’s events or unknown calendars', async () => {
      expect(await store.events.listInWindow(OTHER_TENANT, [calendarId], windowOf('2027-01-01', '2027-02-01'))).toEqual([]);
      expect(await store.events.listInWindow(TENANT, ['unknown'], windowOf('2027-01-01', '2027-02-01'))).toEqual([]);
    });

    it('still finds an event after an edit makes it longer than any before', async () => {
      const stretch = (await store.calendars.create(TENANT, newCalendar('Stretch'))).id;
      const short = await store.events.create(TENANT, stretch, draft({ title: 'stretched', start: '2027-06-01T09:00:00Z', end: '2027-06-01T10:00:00Z' }), ACTOR);
      const july = windowOf('2027-07-01', '2027-07-02');
      expect(await store.events.listInWindow(TENANT, [stretch], july)).toEqual([]);
      await store.events.update(TENANT, stretch, short.id, draft({ title: 'stretched', start: '2027-06-01T09:00:00Z', end: '2027-08-01T10:00:00Z' }), ACTOR, 1);
      expect((await store.events.listInWindow(TENANT, [stretch], july)).map((e) => e.title)).toEqual(['stretched']);
    });

    it('pages through large results', async () => {
      const busy = (await store.calendars.create(TENANT, newCalendar('Busy'))).id;
      const count = 1_200;
      for (let i = 0; i < count; i++) {
        const start = Date.UTC(2027, 2, 1) + i * 60_000;
        await store.events.create(TENANT, busy, draft({ title: `e${i}`, start: new Date(start).toISOString(), end: new Date(start + 30_000).toISOString() }), ACTOR);
      }
      const events = await store.events.listInWindow(TENANT, [busy], windowOf('2027-03-01', '2027-03-02'));
      expect(events).toHaveLength(count);
      expect(new Set(events.map((e) => e.id)).size).toBe(count);
    });
  });

  describe('persistence and seeding', () => {
    it('shows the same data to a second store over the same data (a restart, or another instance)', async () => {
      const calendar = await store.calendars.create(TENANT, newCalendar('Durable'));
      const event = await store.events.create(TENANT, calendar.id, draft({ title: 'Still here', start: '2027-09-01' }), ACTOR);
      const again = await opened.reopen();
      expect(await again.calendars.get(TENANT, calendar.id)).toEqual(calendar);
      expect(await again.events.findById(TENANT, event.id)).toEqual(event);
      const updated = await again.events.update(TENANT, calendar.id, event.id, draft({ title: 'Edited elsewhere', start: '2027-09-01' }), ACTOR, 1);
      expect(await store.events.findById(TENANT, event.id)).toEqual(updated);
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
