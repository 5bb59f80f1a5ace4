import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTerms } from '../../src/api/content/search-text.ts';
import type { SearchMatch, Store } from '../../src/api/stores/repository.ts';
import { normaliseEvent, type CalendarEvent, type EventDraft } from '../../src/shared/event-schema.ts';
import { STORE_FACTORIES, type OpenedStore } from './store-factories.ts';

const TENANT = 'tenant-search';
const OTHER_TENANT = 'tenant-search-other';
const ACTOR = { id: 'tester', name: 'Tester' };

interface Fields {
  title: string;
  start: string;
  end?: string;
  location?: string;
  description?: string;
  categoryId?: string;
  rrule?: string;
}

function draft({ title, start, end, location = '', description = '', categoryId = '', rrule = '' }: Fields): EventDraft {
  const result = normaliseEvent({ title, start, end, rrule, extendedProps: { location, description, categoryId } });
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.draft;
}

const newCalendar = (name: string) => ({ name, color: '#123456', description: '', editors: [] });
const titles = (events: CalendarEvent[]) => events.map((event) => event.title);

describe.each(STORE_FACTORIES)('search in the %s store', (_name, open) => {
  let opened: OpenedStore;
  let store: Store;
  let calendarId: string;
  let otherCalendarId: string;
  const add = (fields: Fields, calendar = calendarId, tenantId = TENANT) => store.events.create({ tenantId, calendarId: calendar, draft: draft(fields), actor: ACTOR });
  const match = (query: string, more: Partial<SearchMatch> = {}): SearchMatch => ({ tenantId: TENANT, terms: searchTerms(query), calendarIds: [calendarId, otherCalendarId], ...more });
  const find = async (query: string, more: Partial<SearchMatch> = {}) => titles(await store.search.findEvents({ ...match(query, more), after: null, limit: 100 }));

  beforeAll(async () => {
    opened = await open();
    store = opened.store;
    calendarId = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Searched') })).id;
    otherCalendarId = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Also searched') })).id;
    const theirs = (await store.calendars.create({ actor: ACTOR, tenantId: OTHER_TENANT, input: newCalendar('Theirs') })).id;
    await add({ title: 'Town hall', start: '2027-03-01T16:00:00Z', location: 'Atrium', description: '<p>Questions for the <strong>board</strong>, and the <a href="https://stream.example.com/recording">recording</a></p>', categoryId: 'cat-all-hands' });
    await add({ title: 'Café with the CEO', start: '2027-03-02T09:00:00Z', location: 'Zürich office' });
    await add({ title: 'Weekly team meeting', start: '2027-03-03T09:00:00Z', description: '<ul><li>Q3 numbers</li><li>Hiring</li></ul>' });
    await add({ title: 'Team lunch', start: '2027-03-04T12:00:00Z', location: 'Canteen', categoryId: 'cat-food' }, otherCalendarId);
    await add({ title: 'Résumé workshop', start: '2027-03-05', end: '2027-03-06' });
    await add({ title: 'Town hall', start: '2027-03-01T16:00:00Z', location: 'Atrium' }, theirs, OTHER_TENANT);
    await add({ title: 'Daily town hall stand-up', start: '2027-01-04T09:00:00Z', end: '2027-01-04T09:15:00Z', rrule: 'FREQ=DAILY' });
    await add({ title: 'Design stand-up', start: '2027-03-06T09:00:00Z' });
    await add({ title: 'Sales', start: '2027-03-07T09:00:00Z', location: 'Stand up desks' });
    await add({ title: 'Ops sync', start: '2027-03-08T09:00:00Z', description: '<ul><li>Check-in</li><li>The <em>standup</em> notes</li></ul>' });
  });
  afterAll(() => opened.dispose());

  it('finds the events of a batch (an import) by their descriptions, and the same ones again after a second batch', async () => {
    const imports = (await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Imported') })).id;
    const imported = (n: number) => draft({ title: `Imported ${n}`, start: '2027-04-01T09:00:00Z', description: `<p>Quarterly <em>quokka</em> review ${n}</p>` });
    const batch = (from: number) => Array.from({ length: 3 }, (_, i) => ({ ...imported(from + i), importSource: { uid: `batch-${from + i}`, sequence: 0, modified: '' } }));
    await store.events.writeBatch({ tenantId: TENANT, calendarId: imports, actor: ACTOR, creates: batch(0), updates: [] });
    // The same descriptions once more: texts worked out for one batch are not kept for the next, nor needed by it.
    await store.events.writeBatch({ tenantId: TENANT, calendarId: imports, actor: ACTOR, creates: batch(3), updates: [] });
    const inImports = { calendarIds: [imports] };
    expect((await find('quokka', inImports)).sort()).toEqual(['Imported 0', 'Imported 1', 'Imported 2', 'Imported 3', 'Imported 4', 'Imported 5']);
    expect(await find('quokka review 4', inImports)).toEqual(['Imported 4']);
  });

  it('finds events by words of their title, location or description text, in start order', async () => {
    expect(await find('town hall')).toEqual(['Town hall']);
    expect(await find('atrium')).toEqual(['Town hall']);
    expect(await find('board')).toEqual(['Town hall']);
    expect(await find('hiring')).toEqual(['Weekly team meeting']);
    expect(await find('team')).toEqual(['Weekly team meeting', 'Team lunch']);
  });

  it('never matches markup or a link’s address, only the text a person reads', async () => {
    expect(await find('strong')).toEqual([]);
    expect(await find('href')).toEqual([]);
    expect(await find('stream.example')).toEqual([]);
    expect(await find('recording')).toEqual(['Town hall']);
  });

  it('ignores letter case and diacritics, on either side', async () => {
    expect(await find('CAFE')).toEqual(['Café with the CEO']);
    expect(await find('zurich')).toEqual(['Café with the CEO']);
    expect(await find('résumé')).toEqual(['Résumé workshop']);
    expect(await find('RESUME')).toEqual(['Résumé workshop']);
  });

  it('finds a word by any part of it, from one character up, and asks for every word', async () => {
    expect(await find('meet')).toEqual(['Weekly team meeting']);
    expect(await find('eting')).toEqual(['Weekly team meeting']);
    expect(await find('q3')).toEqual(['Weekly team meeting']);
    expect(await find('z')).toEqual(['Café with the CEO']);
    expect(await find('team lunch')).toEqual(['Team lunch']);
    expect(await find('team q3')).toEqual(['Weekly team meeting']);
    expect(await find('team atrium')).toEqual([]);
  });

  it('keeps to the tenant, the calendars named and the categories named', async () => {
    expect(await find('town hall', { calendarIds: [otherCalendarId] })).toEqual([]);
    expect(await find('team', { calendarIds: [otherCalendarId] })).toEqual(['Team lunch']);
    expect(await find('team', { calendarIds: [] })).toEqual([]);
    expect(await find('town', { tenantId: OTHER_TENANT })).toEqual([]);
    expect(await find('a', { categoryIds: ['cat-food'] })).toEqual(['Team lunch']);
    expect(await find('a', { categoryIds: ['cat-food', 'cat-all-hands'] })).toEqual(['Town hall', 'Team lunch']);
    expect(await find('a', { categoryIds: [] })).toEqual([]);
  });

  it('keeps to the range: events ending after its start and starting before its end', async () => {
    const at = (iso: string) => Date.parse(iso);
    expect(await find('team', { fromMs: at('2027-03-03T10:00:00Z') })).toEqual(['Team lunch']);
    expect(await find('team', { toMs: at('2027-03-04T12:00:00Z') })).toEqual(['Weekly team meeting']);
    expect(await find('team', { fromMs: at('2027-03-03T09:59:59Z'), toMs: at('2027-03-04T12:00:00.001Z') })).toEqual(['Weekly team meeting', 'Team lunch']);
  });

  it('folds hyphens, dashes and spaces away on either side: "standup", "stand-up" and "stand up" are one', async () => {
    const all = ['Design stand-up', 'Sales', 'Ops sync'];
    expect(await find('standup')).toEqual(all);
    expect(await find('stand-up')).toEqual(all);
    expect(await find('STAND–UP')).toEqual(all);
    expect(await find('stand up')).toEqual(all);
    // A short term (no trigram) across the hyphen, and a long one across a space of the location.
    expect(await find('d-u')).toEqual(all);
    expect(await find('updesks')).toEqual(['Sales']);
    expect(await find('checkin')).toEqual(['Ops sync']);
    expect(await find('check in notes')).toEqual(['Ops sync']);
    // Never across a line: the title's end and the location's start, or two list items.
    expect(await find('salesstand')).toEqual([]);
    expect(await find('checkinthe')).toEqual([]);
    expect(titles(await store.search.findSeries(match('hallstandup')))).toEqual(['Daily town hall stand-up']);
  });

  it('gives single events only, while series come from findSeries, by range', async () => {
    expect(await find('daily')).toEqual([]);
    const series = await store.search.findSeries(match('stand'));
    expect(titles(series)).toEqual(['Daily town hall stand-up']);
    expect(series[0]!.rrule).toBe('FREQ=DAILY');
    expect(await store.search.findSeries(match('stand', { toMs: Date.parse('2027-01-04T09:00:00Z') }))).toEqual([]);
    expect(titles(await store.search.findSeries(match('stand', { fromMs: Date.parse('2099-01-01T00:00:00Z') })))).toEqual(['Daily town hall stand-up']);
    expect(await store.search.findSeries(match('lunch'))).toEqual([]);
  });

  it('pages by start then id, from the key after which a page starts', async () => {
    const paged = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Paged') });
    // Three share a start: the id orders them.
    for (const [i, start] of ['2028-01-02T09:00:00Z', '2028-01-01T09:00:00Z', '2028-01-01T09:00:00Z', '2028-01-01T09:00:00Z', '2028-01-03'].entries()) {
      await add({ title: `Paging ${i}`, start }, paged.id);
    }
    const base = { ...match('paging'), calendarIds: [paged.id] };
    const all = await store.search.findEvents({ ...base, after: null, limit: 100 });
    const keys = all.map((event) => ({ startMs: Date.parse(event.allDay ? `${event.start}T00:00:00Z` : event.start), id: event.id }));
    expect(keys).toEqual([...keys].sort((a, b) => a.startMs - b.startMs || (a.id < b.id ? -1 : 1)));
    const seen: string[] = [];
    for (let after = null as (typeof keys)[number] | null, pages = 0; pages < 10; pages++) {
      const page = await store.search.findEvents({ ...base, after, limit: 2 });
      seen.push(...page.map((event) => event.id));
      if (page.length < 2) break;
      after = keys[seen.length - 1]!;
    }
    expect(seen).toEqual(all.map((event) => event.id));
  });

  it('follows every write: a new title, a move, a delete and a calendar’s delete', async () => {
    const doomed = await store.calendars.create({ actor: ACTOR, tenantId: TENANT, input: newCalendar('Doomed') });
    const event = await add({ title: 'Kickoff zeppelin', start: '2027-05-01T09:00:00Z' });
    expect(await find('zeppelin')).toEqual(['Kickoff zeppelin']);
    const renamed = await store.events.update({ tenantId: TENANT, calendarId, eventId: event.id, draft: draft({ title: 'Kickoff airship', start: '2027-05-01T09:00:00Z' }), actor: ACTOR, expected: 1 });
    expect(await find('zeppelin')).toEqual([]);
    expect(await find('airship')).toEqual(['Kickoff airship']);
    await store.events.update({ tenantId: TENANT, calendarId, eventId: renamed.id, draft: draft({ title: 'Kickoff airship', start: '2027-05-01T09:00:00Z' }), actor: ACTOR, expected: 2, toCalendarId: doomed.id });
    expect(await find('airship', { calendarIds: [calendarId] })).toEqual([]);
    expect(await find('airship', { calendarIds: [doomed.id] })).toEqual(['Kickoff airship']);
    const other = await add({ title: 'Airship debrief', start: '2027-05-02T09:00:00Z' });
    await store.events.delete({ actor: ACTOR, tenantId: TENANT, calendarId, eventId: other.id, expected: 1 });
    expect(await find('airship', { calendarIds: [calendarId, doomed.id] })).toEqual(['Kickoff airship']);
    await store.calendars.delete({ actor: ACTOR, tenantId: TENANT, calendarId: doomed.id, expected: null });
    expect(await find('airship', { calendarIds: [calendarId, doomed.id] })).toEqual([]);
  });
});
