import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { Category } from '../../src/shared/category-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { CATEGORIES_PER_CALENDAR_MAX, CATEGORY_NAME_MAX } from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
let ada: string;
let eddie: string;
let riley: string;
let outsiderAdmin: string;
let company: Calendar;
let engineering: Calendar;
let holidays: Calendar;

beforeAll(async () => {
  api = await build();
  [ada, eddie, riley] = await Promise.all([api.tokenFor('ada'), api.tokenFor('eddie'), api.tokenFor('riley')]);
  // An admin of another organisation, with the same user id as ours: tenants never mix, whatever the ids.
  outsiderAdmin = await api.mintToken({ oid: 'ada', tid: OTHER_TENANT_ID, name: 'Ada of Contoso', roles: ['Calendar.Admin'] });
  const calendars = (await api.request<Calendar[]>('GET', '/api/calendars', { token: ada })).body;
  const named = (name: string) => calendars.find((c) => c.name === name)!;
  [company, engineering, holidays] = [named('Company'), named('Engineering'), named('Holidays')];
});
afterAll(() => api.close());

const categoriesPath = (calendarId: string) => `/api/calendars/${calendarId}/categories`;
const categoryPath = (category: Category) => `${categoriesPath(category.calendarId)}/${category.id}`;
const eventsPath = (calendarId: string) => `/api/calendars/${calendarId}/events`;
const ifMatch = (version: number | string) => ({ 'if-match': `"${version}"` });

async function newCalendar(name: string): Promise<Calendar> {
  const response = await api.request<Calendar>('POST', '/api/calendars', { token: ada, body: { name, color: '#005B70', editors: ['eddie'] } });
  expect(response.status).toBe(201);
  return response.body;
}

async function createCategory(calendarId: string, name: string, icon = 'Megaphone', token = ada): Promise<Category> {
  const response = await api.request<Category>('POST', categoriesPath(calendarId), { token, body: { name, color: '#C239B3', icon } });
  expect(response.status).toBe(201);
  return response.body;
}

async function createEvent(calendarId: string, title: string, extendedProps: Record<string, unknown> = {}): Promise<CalendarEvent> {
  const response = await api.request<CalendarEvent>('POST', eventsPath(calendarId), {
    token: ada,
    body: { title, start: '2027-05-10T09:00:00Z', end: '2027-05-10T10:00:00Z', extendedProps },
  });
  expect(response.status).toBe(201);
  return response.body;
}

const readEvent = async (event: CalendarEvent) => (await api.request<CalendarEvent>('GET', `/api/events/${event.id}`, { token: ada })).body;
const namesIn = async (calendarId: string, token = riley) =>
  (await api.request<Category[]>('GET', categoriesPath(calendarId), { token })).body.map((c) => c.name);

describe('POST and GET /api/calendars/:calendarId/categories', () => {
  it('lets an admin create a category, with Location and ETag, and everyone in the tenant read it, by name', async () => {
    const calendar = await newCalendar('Categorised');
    const created = await api.request<Category>('POST', categoriesPath(calendar.id), { token: ada, body: { name: '  Town hall ', color: '#0F6CBD', icon: 'PeopleAudience' } });
    expect(created.status).toBe(201);
    expect(created.headers.get('location')).toBe(`${categoriesPath(calendar.id)}/${created.body.id}`);
    expect(created.headers.get('etag')).toBe('"1"');
    expect(created.body).toMatchObject({ calendarId: calendar.id, name: 'Town hall', color: '#0F6CBD', icon: 'PeopleAudience', version: 1 });
    await createCategory(calendar.id, 'all-hands', 'PeopleTeam');

    const list = await api.request<Category[]>('GET', categoriesPath(calendar.id), { token: riley });
    expect(list.status).toBe(200);
    expect(list.body.map((c) => c.name)).toEqual(['all-hands', 'Town hall']);
    const one = await api.request<Category>('GET', created.headers.get('location')!, { token: riley });
    expect(one.body).toEqual(created.body);
    expect(one.headers.get('etag')).toBe('"1"');
  });

  it('lists each calendar’s categories, by name, in GET /api/calendars and in a calendar’s update', async () => {
    const calendar = await newCalendar('Listed');
    const zebra = await createCategory(calendar.id, 'Zebra', 'Trophy');
    const apple = await createCategory(calendar.id, 'apple', 'FoodCake');
    const listed = (await api.request<Calendar[]>('GET', '/api/calendars', { token: riley })).body;
    expect(listed.find((c) => c.id === calendar.id)?.categories).toEqual([apple, zebra]);
    expect(listed.find((c) => c.id === holidays.id)?.categories).toEqual([]);
    // A calendar read from the API can be written back, categories and all.
    const renamed = await api.request<Calendar>('PATCH', `/api/calendars/${calendar.id}`, { token: ada, headers: ifMatch(1), body: { ...listed.find((c) => c.id === calendar.id), name: 'Listed again' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Listed again', categories: [apple, zebra] });
    expect((await newCalendar('Fresh')).categories).toEqual([]);
  });

  it('lets the calendar’s editors manage its categories, and refuses other editors and readers with 403, creating nothing', async () => {
    const byEditor = await createCategory(company.id, 'Editor’s pick', 'Star', eddie);
    expect(byEditor.name).toBe('Editor’s pick');
    for (const [token, calendar] of [[eddie, holidays], [riley, company]] as const) {
      const before = await namesIn(calendar.id);
      const response = await api.request<Problem>('POST', categoriesPath(calendar.id), { token, body: { name: 'Sneaky', color: '#000000', icon: 'Flag' } });
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await namesIn(calendar.id)).toEqual(before);
    }
    const patch = await api.request('PATCH', categoryPath(byEditor), { token: riley, headers: ifMatch(1), body: { name: 'Mine' } });
    const del = await api.request('DELETE', categoryPath(byEditor), { token: riley, headers: ifMatch(1) });
    expect([patch.status, del.status]).toEqual([403, 403]);
    expect(await namesIn(company.id)).toContain('Editor’s pick');
  });

});

describe('what POST /api/calendars/:calendarId/categories refuses', () => {
  it.each([
    ['an unknown icon', { icon: 'Skull' }, 'icon'],
    ['an icon with a size', { icon: 'Megaphone24Regular' }, 'icon'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a name over the limit', { name: 'x'.repeat(CATEGORY_NAME_MAX + 1) }, 'name'],
    ['a colour not #RRGGBB', { color: 'purple' }, 'color'],
    ['no icon', { icon: undefined }, 'icon'],
    ['an unknown field', { emoji: '🎉' }, 'emoji'],
  ])('rejects %s with 400 naming the field, and creates nothing', async (_label, change, field) => {
    const before = await namesIn(engineering.id);
    const response = await api.request<Problem>('POST', categoriesPath(engineering.id), { token: ada, body: { name: 'Valid', color: '#123456', icon: 'Code', ...change } });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.body.errors?.map((e) => e.field)).toEqual([field]);
    expect(response.body.errors?.[0]?.message).toBeTruthy();
    expect(await namesIn(engineering.id)).toEqual(before);
  });

  it('accepts a name at the limit', async () => {
    const calendar = await newCalendar('Long names');
    expect((await createCategory(calendar.id, 'x'.repeat(CATEGORY_NAME_MAX))).name).toHaveLength(CATEGORY_NAME_MAX);
  });

  it('refuses a name the calendar already has, letter case aside, with 400 on name; another calendar may repeat it', async () => {
    const calendar = await newCalendar('Unique names');
    const holiday = await createCategory(calendar.id, 'Holiday');
    const training = await createCategory(calendar.id, 'Training');
    const again = await api.request<Problem>('POST', categoriesPath(calendar.id), { token: ada, body: { name: 'HOLIDAY', color: '#000000', icon: 'Beach' } });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ field: 'name', message: expect.stringContaining('HOLIDAY') }]);
    const renamed = await api.request<Problem>('PATCH', categoryPath(training), { token: ada, headers: ifMatch(1), body: { name: 'holiday' } });
    expect(renamed.status).toBe(400);
    expect(renamed.body.errors?.map((e) => e.field)).toEqual(['name']);
    expect(await namesIn(calendar.id)).toEqual(['Holiday', 'Training']);
    expect((await createCategory((await newCalendar('Other names')).id, 'Holiday')).name).toBe('Holiday');
    expect((await api.request<Category>('GET', categoryPath(holiday), { token: ada })).body.version).toBe(1);
  });

  it(`holds a calendar to ${CATEGORIES_PER_CALENDAR_MAX} categories`, async () => {
    const calendar = await newCalendar('Full');
    for (let i = 0; i < CATEGORIES_PER_CALENDAR_MAX; i++) await createCategory(calendar.id, `Category ${i}`);
    const over = await api.request<Problem>('POST', categoriesPath(calendar.id), { token: ada, body: { name: 'One too many', color: '#000000', icon: 'Flag' } });
    expect(over.status).toBe(400);
    expect(over.body.detail).toContain(String(CATEGORIES_PER_CALENDAR_MAX));
    expect(over.body.errors?.[0]?.message).toContain(String(CATEGORIES_PER_CALENDAR_MAX));
    expect(await namesIn(calendar.id)).toHaveLength(CATEGORIES_PER_CALENDAR_MAX);
  });
});

describe('PATCH /api/calendars/:calendarId/categories/:categoryId', () => {
  it('renames, recolours and changes the icon with If-Match, then 412 on the stale ETag and 428 without one', async () => {
    const calendar = await newCalendar('Patched');
    const created = await createCategory(calendar.id, 'Launch', 'Rocket');
    const changed = await api.request<Category>('PATCH', categoryPath(created), { token: ada, headers: ifMatch(1), body: { name: 'Launches', color: '#8A3707', icon: 'Sparkle' } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).toBe('"2"');
    expect(changed.body).toMatchObject({ id: created.id, name: 'Launches', color: '#8A3707', icon: 'Sparkle', version: 2 });
    const stale = await api.request<Problem>('PATCH', categoryPath(created), { token: ada, headers: ifMatch(1), body: { name: 'Lost update' } });
    expect(stale.status).toBe(412);
    expect((await api.request<Problem>('PATCH', categoryPath(created), { token: ada, body: { name: 'Blind' } })).status).toBe(428);
    const badIcon = await api.request<Problem>('PATCH', categoryPath(created), { token: ada, headers: ifMatch(2), body: { icon: 'NotAnIcon' } });
    expect(badIcon.status).toBe(400);
    expect(badIcon.body.errors?.map((e) => e.field)).toEqual(['icon']);
    // A category read from the API can be written back.
    const writtenBack = await api.request<Category>('PATCH', categoryPath(created), { token: ada, headers: ifMatch(2), body: { ...changed.body, color: '#005B70' } });
    expect(writtenBack.body).toMatchObject({ name: 'Launches', color: '#005B70', version: 3 });
    expect(await namesIn(calendar.id)).toEqual(['Launches']);
  });
});

describe('another tenant', () => {
  it('gets 404, never 403, for a calendar’s categories, and changes nothing', async () => {
    const calendar = await newCalendar('Ours');
    const ours = await createCategory(calendar.id, 'Ours');
    const attempts = [
      api.request('GET', categoriesPath(calendar.id), { token: outsiderAdmin }),
      api.request('GET', categoryPath(ours), { token: outsiderAdmin }),
      api.request('GET', `${categoryPath(ours)}/usage`, { token: outsiderAdmin }),
      api.request('POST', categoriesPath(calendar.id), { token: outsiderAdmin, body: { name: 'Planted', color: '#000000', icon: 'Flag' } }),
      api.request('PATCH', categoryPath(ours), { token: outsiderAdmin, headers: ifMatch(1), body: { name: 'Theirs now' } }),
      api.request('DELETE', categoryPath(ours), { token: outsiderAdmin, headers: ifMatch(1) }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(404);
    expect((await api.request<Category>('GET', categoryPath(ours), { token: ada })).body).toEqual(ours);
    expect(await namesIn(calendar.id)).toEqual(['Ours']);
  });

  it('gets 404 for a category under another calendar of the same tenant', async () => {
    const ours = await createCategory((await newCalendar('Home')).id, 'Home');
    const wrongPath = `${categoriesPath(engineering.id)}/${ours.id}`;
    expect((await api.request('GET', wrongPath, { token: ada })).status).toBe(404);
    expect((await api.request('PATCH', wrongPath, { token: ada, headers: ifMatch(1), body: { name: 'Moved' } })).status).toBe(404);
    expect((await api.request('DELETE', wrongPath, { token: ada, headers: ifMatch(1) })).status).toBe(404);
  });
});

describe('an event’s category', () => {
  it('must be one of its calendar’s categories', async () => {
    const companyCategory = await createCategory(company.id, 'Company news', 'Megaphone');
    const event = await createEvent(company.id, 'News', { categoryId: companyCategory.id });
    expect(event.extendedProps.categoryId).toBe(companyCategory.id);
    const title = `Misfiled ${Math.random()}`;
    const refused = await api.request<Problem>('POST', eventsPath(engineering.id), {
      token: ada,
      body: { title, start: '2027-05-10T09:00:00Z', extendedProps: { categoryId: companyCategory.id } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.map((e) => e.field)).toEqual(['extendedProps.categoryId']);
    const window = await api.request<CalendarEvent[]>('GET', '/api/events?start=2027-05-01&end=2027-06-01', { token: ada });
    expect(window.body.some((e) => e.title === title)).toBe(false);
    const unknown = await api.request<Problem>('POST', eventsPath(company.id), { token: ada, body: { title, start: '2027-05-10', extendedProps: { categoryId: 'no-such-category' } } });
    expect(unknown.status).toBe(400);
  });

  it('follows a move to another calendar by name, letter case aside, or is cleared when that calendar has none of the name', async () => {
    const from = await newCalendar('Move from');
    const to = await newCalendar('Move to');
    const elsewhere = await newCalendar('Move elsewhere');
    const allHands = await createCategory(from.id, 'All-hands');
    const allHandsThere = await createCategory(to.id, 'ALL-HANDS');
    await createCategory(elsewhere.id, 'Something else');

    const mapped = await createEvent(from.id, 'Mapped', { categoryId: allHands.id });
    const movedOver = await api.request<CalendarEvent>('PATCH', `${eventsPath(from.id)}/${mapped.id}`, { token: ada, headers: ifMatch(1), body: { extendedProps: { calendarId: to.id } } });
    expect(movedOver.status).toBe(200);
    expect(movedOver.body.extendedProps).toMatchObject({ calendarId: to.id, categoryId: allHandsThere.id });

    const cleared = await createEvent(from.id, 'Cleared', { categoryId: allHands.id });
    const movedAway = await api.request<CalendarEvent>('PATCH', `${eventsPath(from.id)}/${cleared.id}`, { token: ada, headers: ifMatch(1), body: { extendedProps: { calendarId: elsewhere.id } } });
    expect(movedAway.status).toBe(200);
    expect(movedAway.body.extendedProps).toMatchObject({ calendarId: elsewhere.id, categoryId: '' });
  });
});

describe('DELETE /api/calendars/:calendarId/categories/:categoryId', () => {
  it('says beforehand how many events use the category (a series once), then clears it from them and keeps the events', async () => {
    const calendar = await newCalendar('Deleting');
    const doomed = await createCategory(calendar.id, 'Doomed', 'Alert');
    const kept = await createCategory(calendar.id, 'Kept', 'Heart');
    const single = await createEvent(calendar.id, 'Single', { categoryId: doomed.id });
    const seriesResponse = await api.request<CalendarEvent>('POST', eventsPath(calendar.id), {
      token: ada,
      body: { title: 'Series', start: '2027-05-11T09:00:00Z', rrule: 'FREQ=DAILY;COUNT=5', extendedProps: { timeZone: 'UTC', categoryId: doomed.id } },
    });
    expect(seriesResponse.status).toBe(201);
    const other = await createEvent(calendar.id, 'Other', { categoryId: kept.id });

    const usage = await api.request<{ events: number }>('GET', `${categoryPath(doomed)}/usage`, { token: riley });
    expect(usage).toMatchObject({ status: 200, body: { events: 2 } });
    expect((await api.request('DELETE', categoryPath(doomed), { token: ada })).status).toBe(428);
    expect((await api.request('DELETE', categoryPath(doomed), { token: ada, headers: ifMatch(7) })).status).toBe(412);
    expect(await namesIn(calendar.id)).toEqual(['Doomed', 'Kept']);

    const deleted = await api.request<{ clearedEvents: number }>('DELETE', categoryPath(doomed), { token: eddie, headers: ifMatch(1) });
    expect(deleted).toMatchObject({ status: 200, body: { clearedEvents: 2 } });
    for (const event of [single, seriesResponse.body]) {
      expect(await readEvent(event)).toMatchObject({ title: event.title, extendedProps: { categoryId: '', version: 2, updatedBy: { id: 'eddie' } } });
    }
    expect(await readEvent(other)).toEqual(other);
    expect(await namesIn(calendar.id)).toEqual(['Kept']);
    const listed = (await api.request<Calendar[]>('GET', '/api/calendars', { token: riley })).body.find((c) => c.id === calendar.id);
    expect(listed?.categories.map((c) => c.name)).toEqual(['Kept']);
    expect((await api.request('GET', `${categoryPath(doomed)}/usage`, { token: riley })).status).toBe(404);
    expect((await api.request('DELETE', categoryPath(doomed), { token: ada, headers: ifMatch(1) })).status).toBe(404);
    // The clearing is a change: a write based on the event as read before it is stale.
    const stale = await api.request('PATCH', `${eventsPath(calendar.id)}/${single.id}`, { token: ada, headers: ifMatch(1), body: { title: 'Single again' } });
    expect(stale.status).toBe(412);
  });

  it('goes with its calendar', async () => {
    const calendar = await newCalendar('Deleted with it');
    const category = await createCategory(calendar.id, 'Goes too');
    expect((await api.request('DELETE', `/api/calendars/${calendar.id}`, { token: ada, headers: ifMatch(1) })).status).toBe(204);
    expect((await api.request('GET', categoriesPath(calendar.id), { token: ada })).status).toBe(404);
    expect((await api.request('GET', categoryPath(category), { token: ada })).status).toBe(404);
  });
});
