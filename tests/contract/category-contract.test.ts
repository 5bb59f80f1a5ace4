import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NameTakenError, NotFoundError, PreconditionFailedError, type Store } from '../../src/api/stores/repository.ts';
import type { CategoryInput } from '../../src/shared/category-schema.ts';
import { normaliseEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';

const TENANT = 'tenant-categories';
const OTHER_TENANT = 'tenant-categories-other';
const ACTOR = { id: 'author', name: 'Author' };
const DELETER = { id: 'admin', name: 'Admin' };
const NO_CHANGE = { name: undefined, color: undefined, icon: undefined };

const category = (name: string, icon: CategoryInput['icon'] = 'Megaphone'): CategoryInput => ({ name, color: '#0F6CBD', icon });

function draft(fields: Parameters<typeof normaliseEvent>[0]): EventDraft {
  const result = normaliseEvent(fields);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

/** A store opened for a describe block, and a calendar maker over it. */
function openedFor(open: () => Promise<OpenedStore>) {
  const state = {} as { opened: OpenedStore; store: Store };
  beforeAll(async () => {
    state.opened = await open();
    state.store = state.opened.store;
  });
  afterAll(() => state.opened.dispose());
  const newCalendar = async (name: string, tenantId = TENANT) =>
    (await state.store.calendars.create({ actor: ACTOR, tenantId, input: { name, color: '#123456', description: '', editors: [] } })).id;
  return { state, newCalendar };
}

describe.each(STORE_FACTORIES)('the %s store’s categories', (_name, open) => {
  const { state, newCalendar } = openedFor(open);

  it('creates categories and lists them by name within their calendar, and by calendar then name within the tenant only', async () => {
    const first = await newCalendar('First');
    const second = await newCalendar('Second');
    const elsewhere = await newCalendar('Elsewhere', OTHER_TENANT);
    const zebra = await state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId: first, input: category('Zebra', 'Trophy') });
    const apple = await state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId: first, input: category('apple') });
    const other = await state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId: second, input: category('Other') });
    await state.store.categories.create({ actor: ACTOR, tenantId: OTHER_TENANT, calendarId: elsewhere, input: category('Theirs') });

    expect(zebra).toMatchObject({ calendarId: first, name: 'Zebra', color: '#0F6CBD', icon: 'Trophy', version: 1 });
    expect(zebra.createdAt).toBe(zebra.updatedAt);
    expect((await state.store.categories.listByCalendar({ tenantId: TENANT, calendarId: first })).map((c) => c.name)).toEqual(['apple', 'Zebra']);
    const all = await state.store.categories.list({ tenantId: TENANT });
    expect(all.map((c) => c.name)).not.toContain('Theirs');
    expect(all.filter((c) => c.calendarId === first)).toEqual([apple, zebra]);
    expect(all).toContainEqual(other);
    const calendarOrder = all.map((c) => c.calendarId);
    expect(calendarOrder).toEqual([...calendarOrder].sort());

    expect(await state.store.categories.get({ tenantId: TENANT, calendarId: first, categoryId: apple.id })).toEqual(apple);
    expect(await state.store.categories.get({ tenantId: TENANT, calendarId: second, categoryId: apple.id })).toBeNull();
    expect(await state.store.categories.get({ tenantId: OTHER_TENANT, calendarId: first, categoryId: apple.id })).toBeNull();
    expect(await state.store.categories.listByCalendar({ tenantId: OTHER_TENANT, calendarId: first })).toEqual([]);
  });

  it('creates a category only in a calendar of the tenant', async () => {
    const calendarId = await newCalendar('Owned');
    await expect(state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId: 'no-such-calendar', input: category('x') })).rejects.toBeInstanceOf(NotFoundError);
    await expect(state.store.categories.create({ actor: ACTOR, tenantId: OTHER_TENANT, calendarId, input: category('x') })).rejects.toBeInstanceOf(NotFoundError);
    expect(await state.store.categories.listByCalendar({ tenantId: TENANT, calendarId })).toEqual([]);
  });

  it('updates with the expected version, bumps it, and refuses a stale one, another calendar’s or another tenant’s', async () => {
    const calendarId = await newCalendar('Versions');
    const created = await state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId, input: category('Town hall') });
    const key = { tenantId: TENANT, calendarId, categoryId: created.id };
    const changed = await state.store.categories.update({ actor: ACTOR, ...key, patch: { ...NO_CHANGE, color: '#C239B3', icon: 'PeopleAudience' }, expected: 1 });
    expect(changed).toMatchObject({ name: 'Town hall', color: '#C239B3', icon: 'PeopleAudience', version: 2, createdAt: created.createdAt });
    await expect(state.store.categories.update({ actor: ACTOR, ...key, patch: { ...NO_CHANGE, name: 'Lost' }, expected: 1 })).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(await state.store.categories.update({ actor: ACTOR, ...key, patch: { ...NO_CHANGE, name: 'Any' }, expected: null })).toMatchObject({ name: 'Any', version: 3 });
    await expect(state.store.categories.update({ actor: ACTOR, ...key, tenantId: OTHER_TENANT, patch: NO_CHANGE, expected: null })).rejects.toBeInstanceOf(NotFoundError);
    await expect(state.store.categories.update({ actor: ACTOR, ...key, calendarId: await newCalendar('Not its calendar'), patch: NO_CHANGE, expected: null })).rejects.toBeInstanceOf(NotFoundError);
    expect(await state.store.categories.get(key)).toMatchObject({ name: 'Any', version: 3 });
  });

});

describe.each(STORE_FACTORIES)('the %s store’s category names', (_name, open) => {
  const { state, newCalendar } = openedFor(open);

  it('keeps a calendar’s names apart, letter case aside, on create and rename, and lets other calendars repeat them', async () => {
    const calendarId = await newCalendar('Names');
    const holiday = await state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId, input: category('Holiday') });
    const training = await state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId, input: category('Training') });
    await expect(state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId, input: category('HOLIDAY') })).rejects.toBeInstanceOf(NameTakenError);
    await expect(state.store.categories.update({ actor: ACTOR, tenantId: TENANT, calendarId, categoryId: training.id, patch: { ...NO_CHANGE, name: 'holiday' }, expected: 1 })).rejects.toBeInstanceOf(NameTakenError);
    // Its own name in other letters is no clash.
    const recased = await state.store.categories.update({ actor: ACTOR, tenantId: TENANT, calendarId, categoryId: holiday.id, patch: { ...NO_CHANGE, name: 'HOLIDAY' }, expected: 1 });
    expect(recased).toMatchObject({ name: 'HOLIDAY', version: 2 });
    expect(await state.store.categories.get({ tenantId: TENANT, calendarId, categoryId: training.id })).toEqual(training);
    const elsewhere = await newCalendar('Names elsewhere');
    await expect(state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId: elsewhere, input: category('Holiday') })).resolves.toMatchObject({ name: 'Holiday' });
    await state.store.categories.delete({ tenantId: TENANT, calendarId, categoryId: holiday.id, expected: null, actor: DELETER });
    await expect(state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId, input: category('holiday') })).resolves.toMatchObject({ name: 'holiday' });
  });

  it('lets exactly one of several creates of one name at once succeed', async () => {
    const calendarId = await newCalendar('Raced names');
    const outcomes = await Promise.allSettled(['Launch', 'launch', 'LAUNCH', 'Launch', 'lAunch'].map((name) => state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId, input: category(name) })));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    for (const outcome of outcomes) if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(NameTakenError);
    expect(await state.store.categories.listByCalendar({ tenantId: TENANT, calendarId })).toHaveLength(1);
  });

  it('shows the same categories to a second store over the same data', async () => {
    const calendarId = await newCalendar('Durable categories');
    const created = await state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId, input: category('Durable', 'Shield') });
    const again = await state.opened.reopen();
    expect(await again.categories.get({ tenantId: TENANT, calendarId, categoryId: created.id })).toEqual(created);
  });
});

describe.each(STORE_FACTORIES)('the %s store’s categories and their events', (_name, open) => {
  const { state, newCalendar } = openedFor(open);

  it('counts the events carrying a category, a series once, and on delete clears it from them as the deleter’s change', async () => {
    const calendarId = await newCalendar('Uses');
    const used = await state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId, input: category('All-hands') });
    const kept = await state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId, input: category('Social') });
    const key = { tenantId: TENANT, calendarId, categoryId: used.id };
    const single = await state.store.events.create({ tenantId: TENANT, calendarId, draft: draft({ title: 'Town hall', start: '2027-03-01T09:00:00Z', extendedProps: { categoryId: used.id } }), actor: ACTOR });
    const seriesDraft = draft({ title: 'Weekly all-hands', start: '2027-03-02T09:00:00Z', rrule: 'FREQ=WEEKLY;COUNT=10', extendedProps: { timeZone: 'UTC', categoryId: used.id } });
    const series = await state.store.events.create({ tenantId: TENANT, calendarId, draft: seriesDraft, actor: ACTOR });
    const other = await state.store.events.create({ tenantId: TENANT, calendarId, draft: draft({ title: 'Party', start: '2027-03-03', extendedProps: { categoryId: kept.id } }), actor: ACTOR });
    expect(await state.store.categories.countEvents(key)).toBe(2);
    expect(await state.store.categories.countEvents({ ...key, categoryId: kept.id })).toBe(1);

    await expect(state.store.categories.delete({ ...key, expected: 2, actor: DELETER })).rejects.toBeInstanceOf(PreconditionFailedError);
    await expect(state.store.categories.delete({ ...key, tenantId: OTHER_TENANT, expected: null, actor: DELETER })).rejects.toBeInstanceOf(NotFoundError);
    expect(await state.store.categories.delete({ ...key, expected: 1, actor: DELETER })).toEqual({ clearedEvents: 2 });

    for (const before of [single, series]) {
      const after = await state.store.events.get({ tenantId: TENANT, calendarId, eventId: before.id });
      expect(after).toMatchObject({ title: before.title, extendedProps: { categoryId: '', version: 2, createdBy: ACTOR, updatedBy: DELETER } });
      expect(after!.extendedProps.updatedAt >= before.extendedProps.updatedAt).toBe(true);
    }
    expect(await state.store.events.get({ tenantId: TENANT, calendarId, eventId: other.id })).toEqual(other);
    expect(await state.store.categories.get(key)).toBeNull();
    expect((await state.store.categories.listByCalendar({ tenantId: TENANT, calendarId })).map((c) => c.name)).toEqual(['Social']);
    expect(await state.store.categories.countEvents(key)).toBe(0);
    await expect(state.store.categories.delete({ ...key, expected: null, actor: DELETER })).rejects.toBeInstanceOf(NotFoundError);
  });

  it('counts every category write, and the clearing of its events, in the tenant’s change version', async () => {
    const calendarId = await newCalendar('Counted');
    let version = await state.store.changes.version({ tenantId: TENANT });
    const changed = async () => {
      const now = await state.store.changes.version({ tenantId: TENANT });
      const moved = now !== version;
      version = now;
      return moved;
    };
    const created = await state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId, input: category('Counted') });
    expect(await changed()).toBe(true);
    await state.store.categories.update({ actor: ACTOR, tenantId: TENANT, calendarId, categoryId: created.id, patch: { ...NO_CHANGE, name: 'Recounted' }, expected: 1 });
    expect(await changed()).toBe(true);
    await state.store.categories.countEvents({ tenantId: TENANT, calendarId, categoryId: created.id });
    await state.store.categories.list({ tenantId: TENANT });
    expect(await changed()).toBe(false);
    await state.store.categories.delete({ tenantId: TENANT, calendarId, categoryId: created.id, expected: 2, actor: DELETER });
    expect(await changed()).toBe(true);
  });

  it('deletes a calendar’s categories with it', async () => {
    const calendarId = await newCalendar('Going');
    const doomed = await state.store.categories.create({ actor: ACTOR, tenantId: TENANT, calendarId, input: category('Doomed') });
    await state.store.calendars.delete({ actor: ACTOR, tenantId: TENANT, calendarId, expected: null });
    expect(await state.store.categories.get({ tenantId: TENANT, calendarId, categoryId: doomed.id })).toBeNull();
    expect((await state.store.categories.list({ tenantId: TENANT })).map((c) => c.id)).not.toContain(doomed.id);
    expect(await state.store.categories.listByCalendar({ tenantId: TENANT, calendarId })).toEqual([]);
  });
});
