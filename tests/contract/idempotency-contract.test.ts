import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_KEY_TTL_MS,
  IDEMPOTENCY_LEASE_MS,
  IdempotencyConflictError,
  type IdempotencyLease,
  type IdempotencyRef,
  type Store,
} from '../../src/api/stores/repository.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';

const TENANT = 'tenant-idempotency';
const ACTOR = { id: 'ada', name: 'Ada Admin' };
const DAY = '2033-02-02';

function draft(title: string): EventDraft {
  const result = normaliseEvent({ title, start: `${DAY}T09:00:00Z`, end: `${DAY}T10:00:00Z` });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

let keys = 0;
const newKey = (resource: IdempotencyRef['resource'] = 'event'): IdempotencyRef => ({ tenantId: TENANT, recordId: `record-${(keys += 1)}-${Date.now()}`, resource });

describe.each(STORE_FACTORIES)('Idempotency-Key records in the %s store', (_name, open) => {
  let opened: OpenedStore;
  let store: Store;
  let calendarId: string;

  beforeAll(async () => {
    opened = await open();
    store = opened.store;
    calendarId = (await store.calendars.create({ tenantId: TENANT, actor: ACTOR, input: { name: 'Keys', color: '#123456', description: '', editors: [] } })).id;
  });
  afterAll(() => opened.dispose());

  async function claimed(ref: IdempotencyRef, fingerprint = 'f1', nowMs = Date.now()): Promise<IdempotencyLease> {
    const claim = await store.idempotency.claim({ ...ref, fingerprint, nowMs });
    if (claim.state !== 'claimed') throw new Error(`expected a claim, got ${claim.state}`);
    return claim.lease;
  }
  const titled = async (title: string) => (await store.search.findEvents({ tenantId: TENANT, terms: [title.toLowerCase()], calendarIds: [calendarId], after: null, limit: 10 })).length;

  it('claims a key once: the same request meanwhile is in flight, another request with it a mismatch', async () => {
    const ref = newKey();
    await claimed(ref);
    expect(await store.idempotency.claim({ ...ref, fingerprint: 'f1', nowMs: Date.now() })).toEqual({ state: 'in-flight' });
    expect(await store.idempotency.claim({ ...ref, fingerprint: 'f2', nowMs: Date.now() })).toEqual({ state: 'mismatch' });
  });

  it('stores the answer with the write it answers, and answers it again to the key, for every kind of keyed write', async () => {
    const lease = await claimed(newKey());
    const created = await store.events.create({ tenantId: TENANT, calendarId, draft: draft('Keyedcreate'), actor: ACTOR, idempotency: { lease, answer: (event) => ({ id: event.id }) } });
    expect(await store.idempotency.claim({ ...lease, nowMs: Date.now() })).toEqual({ state: 'answered', answer: { id: created.id } });

    const batchLease = await claimed(newKey());
    const written = await store.events.writeBatch({ tenantId: TENANT, calendarId, actor: ACTOR, creates: [draft('Keyedbatch')], updates: [], idempotency: { lease: batchLease, answer: (events) => events.length } });
    expect(written).toHaveLength(1);
    expect(await store.idempotency.claim({ ...batchLease, nowMs: Date.now() })).toEqual({ state: 'answered', answer: 1 });

    await store.events.delete({ tenantId: TENANT, calendarId, eventId: created.id, expected: null, actor: ACTOR });
    const restoreLease = await claimed(newKey());
    await store.events.restore({ tenantId: TENANT, calendarId, eventId: created.id, expected: null, actor: ACTOR, idempotency: { lease: restoreLease, answer: (event) => event.extendedProps.version } });
    expect(await store.idempotency.claim({ ...restoreLease, nowMs: Date.now() })).toEqual({ state: 'answered', answer: 3 });

    const calendarLease = await claimed(newKey('calendar'));
    const input = { name: 'Keyed calendar', color: '#123456', description: '', editors: [] };
    const calendar = await store.calendars.create({ tenantId: TENANT, actor: ACTOR, input, idempotency: { lease: calendarLease, answer: (made) => made.id } });
    expect(await store.idempotency.claim({ ...calendarLease, nowMs: Date.now() })).toEqual({ state: 'answered', answer: calendar.id });
    // The record is no calendar.
    expect((await store.calendars.list({ tenantId: TENANT })).map((c) => c.name).sort()).toEqual(['Keyed calendar', 'Keys']);

    await store.calendars.delete({ tenantId: TENANT, calendarId: calendar.id, expected: null, actor: ACTOR });
    const restoreCalendarLease = await claimed(newKey('calendar'));
    await store.calendars.restore({ tenantId: TENANT, calendarId: calendar.id, expected: null, actor: ACTOR, idempotency: { lease: restoreCalendarLease, answer: (made) => made.version } });
    expect(await store.idempotency.claim({ ...restoreCalendarLease, nowMs: Date.now() })).toEqual({ state: 'answered', answer: 3 });
  });

  it('frees a released claim for the next request, and answers a write that had nothing to write alone', async () => {
    const ref = newKey();
    await store.idempotency.release(await claimed(ref));
    const again = await claimed(ref, 'f2');
    await store.idempotency.complete(again, { created: 0 });
    expect(await store.idempotency.claim({ ...ref, fingerprint: 'f2', nowMs: Date.now() })).toEqual({ state: 'answered', answer: { created: 0 } });
    // Released once answered: the answer stays.
    await store.idempotency.release(again);
    expect((await store.idempotency.claim({ ...ref, fingerprint: 'f2', nowMs: Date.now() })).state).toBe('answered');
  });

  it('lets a claim older than IDEMPOTENCY_LEASE_MS be taken over, and then refuses the first claim’s write whole', async () => {
    const ref = newKey();
    const now = Date.now();
    const first = await claimed(ref, 'f1', now);
    expect((await store.idempotency.claim({ ...ref, fingerprint: 'f1', nowMs: now + IDEMPOTENCY_LEASE_MS - 1 })).state).toBe('in-flight');
    const second = await claimed(ref, 'f1', now + IDEMPOTENCY_LEASE_MS);
    const late = store.events.create({ tenantId: TENANT, calendarId, draft: draft('Latewrite'), actor: ACTOR, idempotency: { lease: first, answer: () => 'first' } });
    await expect(late).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await titled('Latewrite')).toBe(0);
    await store.events.create({ tenantId: TENANT, calendarId, draft: draft('Ontimewrite'), actor: ACTOR, idempotency: { lease: second, answer: () => 'second' } });
    expect(await titled('Ontimewrite')).toBe(1);
    expect(await store.idempotency.claim({ ...ref, fingerprint: 'f1', nowMs: Date.now() })).toEqual({ state: 'answered', answer: 'second' });
  });

  it('forgets a key IDEMPOTENCY_KEY_TTL_MS after its answer, and purgeExpired deletes its record', async () => {
    const ref = newKey();
    const lease = await claimed(ref);
    await store.idempotency.complete(lease, 'old');
    const later = Date.now() + IDEMPOTENCY_KEY_TTL_MS + 60_000;
    expect((await store.idempotency.claim({ ...ref, fingerprint: 'other', nowMs: later })).state).toBe('claimed');

    const purged = newKey();
    await store.idempotency.complete(await claimed(purged), 'gone');
    await store.purgeExpired(new Date(later));
    // A claim before its expiry finds nothing: the record went.
    expect((await store.idempotency.claim({ ...purged, fingerprint: 'new', nowMs: Date.now() })).state).toBe('claimed');
  });
});
