import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { Category } from '../../src/shared/category-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { SEARCH_HIGHLIGHTS_MAX } from '../../src/api/content/search-text.ts';
import { SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX } from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import type { SearchHit, SearchPage } from '../../src/shared/search-schema.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

let api: TestServer;
let ada: string;
let riley: string;
let outsider: string;
let searched: Calendar;
let other: Calendar;

/** Words no demo event holds, so that each test sees its own events only. */
async function createEvent(calendar: Calendar, body: Record<string, unknown>): Promise<CalendarEvent> {
  const response = await api.request<CalendarEvent>('POST', `/api/calendars/${calendar.id}/events`, { token: ada, body });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

function search<T = SearchPage>(params: Record<string, string | string[]>, token = ada) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) for (const one of [value].flat()) query.append(name, one);
  return api.request<T>('GET', `/api/search?${query}`, { token });
}

const titlesOf = (page: SearchPage) => page.hits.map((hit) => hit.title);

beforeAll(async () => {
  api = await build();
  [ada, riley] = await Promise.all([api.tokenFor('ada'), api.tokenFor('riley')]);
  outsider = await api.mintToken({ oid: 'ada', tid: OTHER_TENANT_ID, name: 'Ada of Contoso', roles: ['Calendar.Admin'] });
  const create = (name: string) => api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name, color: '#0F6CBD' } });
  const [first, second] = await Promise.all([create('Searched'), create('Other searched')]);
  [searched, other] = [first.body, second.body];
  await createEvent(searched, {
    title: 'Zephyr town hall',
    start: '2027-03-01T16:00:00Z',
    extendedProps: { location: 'Atrium Quokka', description: '<p>Questions for the <strong>board</strong>, see <a href="https://intranet.example.com/wombat">the agenda</a></p>' },
  });
  await createEvent(searched, { title: 'Café Zéphyr', start: '2027-03-02T09:00:00Z' });
  await createEvent(other, { title: 'Zephyr lunch', start: '2027-03-04T12:00:00Z', extendedProps: { location: 'Canteen' } });
  await createEvent(searched, {
    title: 'Zephyr retreat',
    start: '2027-03-10',
    end: '2027-03-12',
    extendedProps: { description: `<p>${'Long preamble about travel and rooms. '.repeat(8)}Bring your <em>hiking</em> boots for the ridge walk. ${'More words. '.repeat(10)}</p>` },
  });
});
afterAll(() => api.close());

describe('GET /api/search', () => {
  it('finds events by the words of their title, location or description text, by start', async () => {
    const response = await search({ q: 'zephyr' });
    expect(response.status).toBe(200);
    expect(titlesOf(response.body)).toEqual(['Zephyr town hall', 'Café Zéphyr', 'Zephyr lunch', 'Zephyr retreat']);
    expect(response.body.nextCursor).toBeNull();
    expect(titlesOf((await search({ q: 'quokka' })).body)).toEqual(['Zephyr town hall']);
    expect(titlesOf((await search({ q: 'board' })).body)).toEqual(['Zephyr town hall']);
    expect(titlesOf((await search({ q: 'canteen' })).body)).toEqual(['Zephyr lunch']);
  });

  it('answers each hit in the shape the web app reads, with a snippet around a description match only', async () => {
    const [hit] = (await search({ q: 'hiking zephyr' })).body.hits;
    expect(hit).toEqual<SearchHit>({
      id: expect.any(String),
      calendarId: searched.id,
      title: 'Zephyr retreat',
      start: '2027-03-10',
      end: '2027-03-12',
      allDay: true,
      location: '',
      categoryId: '',
      snippet: expect.stringContaining('Bring your hiking boots'),
      highlights: { title: [{ start: 0, end: 6 }], location: [], snippet: [expect.any(Object)] },
    });
    const [marked] = hit!.highlights.snippet;
    expect(hit!.snippet.slice(marked!.start, marked!.end)).toBe('hiking');
    expect(hit!.snippet.length).toBeLessThanOrEqual(160);
    expect(hit!.snippet).toMatch(/^….*…$/);
    expect((await search({ q: 'lunch zephyr' })).body.hits[0]!.snippet).toBe('');
    const found = await api.request<CalendarEvent>('GET', `/api/events/${hit!.id}`, { token: ada });
    expect(found.body.title).toBe('Zephyr retreat');
  });

  it('folds hyphens and spaces, marks each match where it is written, and shows snippets without list bullets or quote marks', async () => {
    await createEvent(other, {
      title: 'Wapiti Stand-Up',
      start: '2027-04-01T09:00:00Z',
      extendedProps: {
        location: 'Stand up desks, Wapiti wing',
        description: '<ul><li>Bring the <strong>stand up</strong> notes</li><li>Second item</li></ul><blockquote><p>Quoted wapiti words</p></blockquote>',
      },
    });
    await createEvent(other, { title: 'Wapiti standup', start: '2027-04-02T09:00:00Z' });
    const page = (await search({ q: 'wapiti stand-up' })).body;
    expect(titlesOf(page)).toEqual(['Wapiti Stand-Up', 'Wapiti standup']);
    expect(titlesOf((await search({ q: 'wapiti standup' })).body)).toEqual(['Wapiti Stand-Up', 'Wapiti standup']);
    const [hit] = page.hits;
    const marked = (text: string, ranges: { start: number; end: number }[]) => ranges.map(({ start, end }) => text.slice(start, end));
    expect(hit!.snippet).toBe('Bring the stand up notes Second item Quoted wapiti words');
    expect(marked(hit!.title, hit!.highlights.title)).toEqual(['Wapiti', 'Stand-Up']);
    expect(marked(hit!.location, hit!.highlights.location)).toEqual(['Stand up', 'Wapiti']);
    expect(marked(hit!.snippet, hit!.highlights.snippet)).toEqual(['stand up', 'wapiti']);
  });

  it(`marks at most SEARCH_HIGHLIGHTS_MAX (${SEARCH_HIGHLIGHTS_MAX}) matches in each text`, async () => {
    await createEvent(other, { title: `Ibex ${'o, '.repeat(40)}`.trim(), start: '2027-04-03T09:00:00Z' });
    const [hit] = (await search({ q: 'ibex o' })).body.hits;
    expect(hit!.highlights.title).toHaveLength(SEARCH_HIGHLIGHTS_MAX);
  });

  it('gives fewer hits a page when asked (limit, 1 to SEARCH_PAGE_SIZE), and none for words of hyphens only', async () => {
    const two = (await search({ q: 'zephyr', limit: '2' })).body;
    expect(titlesOf(two)).toEqual(['Zephyr town hall', 'Café Zéphyr']);
    expect(two.nextCursor).not.toBeNull();
    expect(titlesOf((await search({ q: 'zephyr', limit: '2', cursor: two.nextCursor! })).body).slice(0, 1)).toEqual(['Zephyr lunch']);
    for (const limit of ['0', String(SEARCH_PAGE_SIZE + 1), '-1', '2.5', 'x']) {
      const bad = await search<Problem>({ q: 'zephyr', limit });
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toEqual([{ field: 'limit', message: `Use limit=1 to ${SEARCH_PAGE_SIZE}` }]);
    }
    expect(await search({ q: '- —' })).toMatchObject({ status: 200, body: { hits: [], nextCursor: null } });
  });

  it('never finds markup or a link’s address, only the words a person reads', async () => {
    for (const q of ['strong', 'wombat', 'href']) {
      expect((await search({ q, calendarId: [searched.id, other.id] })).body.hits).toEqual([]);
    }
    expect(titlesOf((await search({ q: 'agenda' })).body)).toEqual(['Zephyr town hall']);
  });

  it('ignores case and diacritics, finds any part of a word, and asks for every word', async () => {
    expect(titlesOf((await search({ q: 'CAFE ZEPHYR' })).body)).toEqual(['Café Zéphyr']);
    expect(titlesOf((await search({ q: 'zéph café' })).body)).toEqual(['Café Zéphyr']);
    expect(titlesOf((await search({ q: 'zeph hall' })).body)).toEqual(['Zephyr town hall']);
    expect(titlesOf((await search({ q: 'zephyr lu' })).body)).toEqual(['Zephyr lunch']);
    expect((await search({ q: 'zephyr nowhere' })).body.hits).toEqual([]);
  });

  it('keeps to the calendars, categories and range asked for', async () => {
    expect(titlesOf((await search({ q: 'zephyr', calendarId: other.id })).body)).toEqual(['Zephyr lunch']);
    expect(titlesOf((await search({ q: 'zephyr', calendarId: [other.id, 'no-such-calendar'] })).body)).toEqual(['Zephyr lunch']);
    expect(titlesOf((await search({ q: 'zephyr', from: '2027-03-02T10:00:00Z', to: '2027-03-10' })).body)).toEqual(['Zephyr lunch']);
    expect(titlesOf((await search({ q: 'zephyr', from: '2027-03-11' })).body)).toEqual(['Zephyr retreat']);

    const created = await api.request<Category>('POST', `/api/calendars/${searched.id}/categories`, { token: ada, body: { name: 'Gatherings', color: '#8764B8', icon: 'PeopleTeam' } });
    expect(created.status).toBe(201);
    const event = await createEvent(searched, { title: 'Zephyr social', start: '2027-03-05T17:00:00Z', extendedProps: { categoryId: created.body.id } });
    const inCategory = await search({ q: 'zephyr', categoryId: created.body.id });
    expect(inCategory.body.hits).toEqual([expect.objectContaining({ id: event.id, title: 'Zephyr social', categoryId: created.body.id })]);
  });

  it('shows readers every calendar of their tenant, and no other tenant anything', async () => {
    expect(titlesOf((await search({ q: 'zephyr town' }, riley)).body)).toEqual(['Zephyr town hall']);
    const theirs = await api.request<Calendar>('POST', '/api/calendars', { token: outsider, body: { name: 'Contoso', color: '#123456' } });
    await api.request('POST', `/api/calendars/${theirs.body.id}/events`, { token: outsider, body: { title: 'Zephyr at Contoso', start: '2027-03-03T09:00:00Z' } });
    expect(titlesOf((await search({ q: 'zephyr' }, outsider)).body)).toEqual(['Zephyr at Contoso']);
    expect((await search({ q: 'zephyr', calendarId: searched.id }, outsider)).body.hits).toEqual([]);
    expect(titlesOf((await search({ q: 'zephyr' })).body)).not.toContain('Zephyr at Contoso');
  });

  it('pages through every result once, by start then id, with the cursor', async () => {
    const paged = (await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name: 'Paged', color: '#0F6CBD' } })).body;
    const count = SEARCH_PAGE_SIZE + 7;
    // Every fourth shares its start with the one before: the id orders those.
    for (let i = 0; i < count; i++) {
      const hour = i - (i % 4 === 3 ? 1 : 0);
      await createEvent(paged, { title: `Lemming ${i}`, start: new Date(Date.UTC(2027, 5, 1, hour)).toISOString() });
    }
    const seen: SearchHit[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: SearchPage = (await search({ q: 'lemming', calendarId: paged.id, ...(cursor ? { cursor } : {}) })).body;
      expect(page.hits.length).toBeLessThanOrEqual(SEARCH_PAGE_SIZE);
      seen.push(...page.hits);
      cursor = page.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(2);
    expect(new Set(seen.map((hit) => hit.id)).size).toBe(count);
    const keys = seen.map((hit) => [Date.parse(hit.start), hit.id] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)));
  });

  it('places a series once, at its next occurrence from now or from the range’s start, or at its last when it is over', async () => {
    const series = await createEvent(searched, { title: 'Narwhal sync', start: '2020-01-06T10:00:00Z', end: '2020-01-06T11:00:00Z', rrule: 'FREQ=WEEKLY', extendedProps: { timeZone: 'UTC' } });
    const nextAfter = (ms: number) => Date.parse(series.start) + Math.max(0, Math.floor((ms - Date.parse(series.start) - HOUR) / WEEK) + 1) * WEEK;

    const before = Date.now();
    const now = await search({ q: 'narwhal' });
    expect(now.body.hits).toHaveLength(1);
    const [hit] = now.body.hits;
    expect(hit).toMatchObject({ seriesId: series.id, title: 'Narwhal sync', allDay: false });
    expect([nextAfter(before), nextAfter(Date.now())]).toContain(Date.parse(hit!.start));
    expect(hit!.id).toBe(`${series.id}:${new Date(Date.parse(hit!.start)).toISOString()}`);
    expect((await api.request<CalendarEvent>('GET', `/api/events/${encodeURIComponent(hit!.id)}`, { token: ada })).body.start).toBe(hit!.start);

    const from = '2031-02-01T00:00:00Z';
    const later = (await search({ q: 'narwhal', from })).body.hits;
    expect(later.map((one) => Date.parse(one.start))).toEqual([nextAfter(Date.parse(from))]);
    expect((await search({ q: 'narwhal', to: '2020-01-06T10:00:00Z' })).body.hits).toEqual([]);

    await createEvent(searched, { title: 'Okapi retro', start: '2021-01-04T10:00:00Z', end: '2021-01-04T11:00:00Z', rrule: 'FREQ=WEEKLY;COUNT=3', extendedProps: { timeZone: 'UTC' } });
    expect((await search({ q: 'okapi' })).body.hits.map((one) => one.start)).toEqual(['2021-01-18T10:00:00.000Z']);
  });

  it('refuses a query that is empty, too long or has a cursor it did not give, changing nothing', async () => {
    const empty = await search<Problem>({ q: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(empty.body.errors).toEqual([{ field: 'q', message: 'Enter something to search for' }]);
    expect((await search<Problem>({})).body.errors).toEqual([{ field: 'q', message: 'This field is required' }]);

    expect((await search({ q: 'z'.repeat(SEARCH_QUERY_MAX) })).status).toBe(200);
    const long = await search<Problem>({ q: 'z'.repeat(SEARCH_QUERY_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: 'q', message: `Search for at most ${SEARCH_QUERY_MAX} characters` }]);

    for (const cursor of ['not a cursor', 'bm90IGpzb24', Buffer.from('[1,2]').toString('base64url'), Buffer.from('[1,2,""]').toString('base64url')]) {
      const bad = await search<Problem>({ q: 'zephyr', cursor });
      expect(bad.status).toBe(400);
      expect(bad.body.errors?.map((error) => error.field)).toEqual(['cursor']);
    }
    const backwards = await search<Problem>({ q: 'zephyr', from: '2027-03-02', to: '2027-03-01' });
    expect(backwards.body.errors?.map((error) => error.field)).toEqual(['to']);
    expect((await search<Problem>({ q: 'zephyr', extra: 'x' })).status).toBe(400);
    expect((await api.request('GET', '/api/search?q=zephyr')).status).toBe(401);
  });
});
