import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveEventWindow } from '../../src/api/event-window.ts';
import { PreconditionFailedError, type EventWindow, type Store } from '../../src/api/stores/repository.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { FEED_EVENTS_MAX } from '../../src/shared/limits.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';

const TENANT = 'tenant-changes-contract';
const QUIET_TENANT = 'tenant-changes-quiet';
const ACTOR = { id: 'tester', name: 'Tester' };
/** Writes racing from two stores over the same data, as two instances would. */
const CONCURRENT_WRITES = 12;

function draft(fields: { title: string; start: string; end?: string; rrule?: string; extendedProps?: { timeZone: string } }): EventDraft {
  const result = normaliseEvent(fields);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

const calendarInput = (name: string) => ({ name, color: '#123456', description: '', editors: [] });
const noPatch = { name: undefined, color: undefined, description: undefined, editors: undefined };
const window = resolveEventWindow('2027-06-01', '2027-07-01', 'UTC') as EventWindow;

/**
 * How many bumps a version has seen, for counting only: the version is opaque to its users, but both stores make it
 * of counters (SQLite one, Cosmos one per container, joined by dots), which add up.
 */
const bumps = (version: string) => version.split('.').reduce((sum, part) => sum + Number(part), 0);

describe.each(STORE_FACTORIES)('the %s store’s change version', (_name, open) => {
  let opened: OpenedStore;
  let store: Store;
  beforeAll(async () => {
    opened = await open();
    store = opened.store;
  });
  afterAll(() => opened.dispose());

  /** Runs the write and says whether the tenant's version changed. */
  async function changes(write: () => Promise<unknown>): Promise<boolean> {
    const before = await store.changes.version({ tenantId: TENANT });
    await write();
    return (await store.changes.version({ tenantId: TENANT })) !== before;
  }

  it('changes with every kind of write of calendars and events, and never with a read', async () => {
    let calendarId = '';
    expect(await changes(async () => (calendarId = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: calendarInput('One') })).id))).toBe(true);
    const otherId = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: calendarInput('Two') })).id;
    expect(await changes(() => store.calendars.update({ actor: ACTOR, tenantId: TENANT, calendarId, patch: { ...noPatch, name: 'Renamed' }, expected: 1 }))).toBe(true);

    let eventId = '';
    const single = draft({ title: 'Single', start: '2027-06-10T09:00:00Z', end: '2027-06-10T10:00:00Z' });
    expect(await changes(async () => (eventId = (await store.events.create({ tenantId: TENANT, calendarId, draft: single, actor: ACTOR })).id))).toBe(true);
    const series = draft({ title: 'Series', start: '2027-06-01T09:00:00Z', end: '2027-06-01T09:30:00Z', rrule: 'FREQ=DAILY;COUNT=5', extendedProps: { timeZone: 'UTC' } });
    expect(await changes(() => store.events.create({ tenantId: TENANT, calendarId, draft: series, actor: ACTOR }))).toBe(true);
    const edited = draft({ title: 'Edited', start: '2027-06-10T09:00:00Z', end: '2027-06-10T10:00:00Z' });
    expect(await changes(() => store.events.update({ tenantId: TENANT, calendarId, eventId, draft: edited, actor: ACTOR, expected: 1 }))).toBe(true);
    expect(await changes(() => store.events.update({ tenantId: TENANT, calendarId, eventId, draft: edited, actor: ACTOR, expected: 2, toCalendarId: otherId }))).toBe(true);

    const reads = [
      () => store.calendars.list({ tenantId: TENANT }),
      () => store.calendars.get({ tenantId: TENANT, calendarId }),
      () => store.events.listInWindow({ tenantId: TENANT, calendarIds: [calendarId, otherId], window, limit: FEED_EVENTS_MAX }),
      () => store.events.listSeriesInWindow({ tenantId: TENANT, calendarIds: [calendarId, otherId], window }),
      () => store.events.get({ tenantId: TENANT, calendarId: otherId, eventId }),
      () => store.events.findById({ tenantId: TENANT, eventId }),
      () => store.changes.version({ tenantId: TENANT }),
    ];
    for (const read of reads) expect(await changes(read)).toBe(false);

    expect(await changes(() => store.events.delete({ actor: ACTOR, tenantId: TENANT, calendarId: otherId, eventId, expected: 3 }))).toBe(true);
    expect(await changes(() => store.calendars.delete({ actor: ACTOR, tenantId: TENANT, calendarId, expected: 2 }))).toBe(true);
  });

  it('does not change with a write that is refused, nor with another tenant’s writes', async () => {
    const calendar = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: calendarInput('Refusals') });
    const refused = () => store.calendars.update({ actor: ACTOR, tenantId: TENANT, calendarId: calendar.id, patch: { ...noPatch, name: 'Stale' }, expected: 7 });
    expect(await changes(() => expect(refused()).rejects.toBeInstanceOf(PreconditionFailedError))).toBe(false);

    const quiet = await store.changes.version({ tenantId: QUIET_TENANT });
    const elsewhere = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: calendarInput('Busy') });
    await store.events.create({ tenantId: TENANT, calendarId: elsewhere.id, draft: draft({ title: 'Busy', start: '2027-06-02' }), actor: ACTOR });
    expect(await store.changes.version({ tenantId: QUIET_TENANT })).toBe(quiet);
  });

  it('changes for a store that read it many times as soon as another store over the same data acknowledges a write', async () => {
    const other = await opened.reopen();
    const calendar = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: calendarInput('Watched') });
    for (const [reader, writer] of [[store, other], [other, store]] as const) {
      const before = await reader.changes.version({ tenantId: TENANT });
      // Read again and again, as a feed under load is: whatever a store keeps of it must not outlive another's write.
      for (let i = 0; i < 3; i++) expect(await reader.changes.version({ tenantId: TENANT })).toBe(before);
      await writer.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft({ title: 'Elsewhere', start: '2027-06-04' }), actor: ACTOR });
      const after = await reader.changes.version({ tenantId: TENANT });
      expect(after).not.toBe(before);
      expect(await writer.changes.version({ tenantId: TENANT })).toBe(after);
    }
  });

  it('counts every one of many writes racing from two stores over the same data, and both read the same version', async () => {
    const other = await opened.reopen();
    const calendar = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: calendarInput('Raced') });
    const before = bumps(await store.changes.version({ tenantId: TENANT }));
    await Promise.all(
      Array.from({ length: CONCURRENT_WRITES }, (_, i) =>
        [store, other][i % 2]!.events.create({ tenantId: TENANT, calendarId: calendar.id, draft: draft({ title: `Raced ${i}`, start: '2027-06-03' }), actor: ACTOR }),
      ),
    );
    const after = await store.changes.version({ tenantId: TENANT });
    expect(bumps(after) - before).toBeGreaterThanOrEqual(CONCURRENT_WRITES);
    expect(await other.changes.version({ tenantId: TENANT })).toBe(after);
  });
});
