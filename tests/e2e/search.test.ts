import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { calendarEvent, dayCell, localDate, signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

// A word no seeded event holds, in the title of one event, the location of another and the description of a third.
const WORD = 'Zephyrine';
const QUERY = WORD.toLowerCase();
const COMING_DAY = localDate(40);
const PAST_DAY = localDate(-60);

let coming: CalendarEvent;
let inLocation: CalendarEvent;
let past: CalendarEvent;

/** An event of Eddie's on the Company calendar, made through the API. */
async function companyEvent(title: string, day: string, extendedProps: { location?: string; description?: string } = {}): Promise<CalendarEvent> {
  const api = new ApiDriver(app.server.baseUrl);
  const token = await api.token('eddie');
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${await api.calendarId(token, 'Company')}/events`, {
    token,
    body: { title, start: new Date(`${day}T10:00`).toISOString(), end: new Date(`${day}T11:00`).toISOString(), extendedProps },
  });
  expect(created.status).toBe(201);
  return created.body;
}

beforeAll(async () => {
  coming = await companyEvent(`${WORD} town hall`, COMING_DAY, { description: 'Questions for the board welcome.' });
  inLocation = await companyEvent('Board walk', localDate(41), { location: `${WORD} room, 3rd floor` });
  past = await companyEvent('Last quarter’s review', PAST_DAY, { description: `Notes from the ${WORD} offsite.` });
});

async function signedIn(options: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await newContext(app.browser, app.server.baseUrl, options)).newPage();
  await signIn(page, /Eddie Editor/);
  await waitForEvents(page);
  return page;
}

const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search events' });
const results = (page: Page, query = QUERY) => page.getByRole('region', { name: `Results for “${query}”` });
const option = (page: Page, event: CalendarEvent) => results(page).locator(`[role=option][data-hit-id="${event.id}"]`);
const focusedHit = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('data-hit-id') ?? null);
const isFocused = (page: Page, name: string) => searchBox(page).evaluate((box, label) => box === document.activeElement && box.getAttribute('aria-label') === label, name);
const addressQuery = (page: Page) => new URL(page.url()).searchParams.get('q');
const monthOf = (day: string) => new Date(`${day}T12:00`).toLocaleDateString('en-US', { month: 'long', year: 'numeric' });

// One page through the search's flow, test after test.
let page: Page;

describe('search from the header', () => {
  beforeAll(async () => {
    page = await signedIn();
    // The header's search comes just after the first events, with the other commands.
    await searchBox(page).waitFor();
  });

  test('/ focuses the box; Enter lists what matches by title, location or description, under its month, from today on', async () => {
    await page.keyboard.press('/');
    await expect.poll(() => isFocused(page, 'Search events')).toBe(true);
    await page.keyboard.type(QUERY);
    await page.keyboard.press('Enter');

    const month = results(page).getByRole('group', { name: monthOf(COMING_DAY) });
    await month.getByRole('option', { name: new RegExp(`${WORD} town hall`) }).waitFor();
    await option(page, inLocation).waitFor();
    await expect.poll(() => option(page, inLocation).textContent()).toContain(`${WORD} room, 3rd floor`);
    expect(await option(page, coming).textContent()).toContain('Company');
    // The past event matches too, but a search starts today.
    expect(await option(page, past).count()).toBe(0);
    expect(addressQuery(page)).toBe(QUERY);
  });

  test('↓ goes into the results, Enter opens one: the calendar shows its day and its details are open; Esc gives focus back to it', async () => {
    await searchBox(page).focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedHit(page)).toBe(coming.id);
    await page.keyboard.press('Enter');

    const details = page.getByRole('dialog', { name: coming.title });
    await details.waitFor();
    await dayCell(page, COMING_DAY).waitFor({ state: 'attached' });
    await calendarEvent(page, coming.id).first().waitFor({ state: 'attached' });
    // The calendar went to the event's month; the search stays in the address beside it.
    await expect.poll(() => new URL(page.url()).searchParams.get('date')).toBe(`${COMING_DAY.slice(0, 7)}-01`);
    expect(addressQuery(page)).toBe(QUERY);

    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await expect.poll(() => focusedHit(page)).toBe(coming.id);
  });

  test('"Include past events" adds them, in the address too; ↑ ↓ move through the results', async () => {
    await results(page).getByRole('switch', { name: 'Include past events' }).click();
    await option(page, past).waitFor();
    expect(new URL(page.url()).searchParams.get('past')).toBe('1');
    await results(page).getByRole('group', { name: monthOf(PAST_DAY) }).waitFor();

    await option(page, past).click();
    await page.getByRole('dialog', { name: past.title }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedHit(page)).toBe(past.id);
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => focusedHit(page)).toBe(coming.id);
    await page.keyboard.press('End');
    await expect.poll(() => focusedHit(page)).toBe(inLocation.id);
    await page.keyboard.press('Home');
    await expect.poll(() => focusedHit(page)).toBe(past.id);
    // Up from the first result: back to the box.
    await page.keyboard.press('ArrowUp');
    await expect.poll(() => isFocused(page, 'Search events')).toBe(true);
  });
});

describe('the search in the address, and closing it', () => {
  test('the address holds the search: a reload shows the same results', async () => {
    await page.reload();
    await option(page, past).waitFor();
    await option(page, coming).waitFor();
    expect(await searchBox(page).inputValue()).toBe(QUERY);
  });

  test('Esc in the results closes them: focus goes back to the box, and the address drops the search', async () => {
    await option(page, coming).click();
    await page.getByRole('dialog', { name: coming.title }).waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => focusedHit(page)).toBe(coming.id);
    await page.keyboard.press('Escape');
    await results(page).waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(page, 'Search events')).toBe(true);
    expect(addressQuery(page)).toBeNull();
    // The words stay, for another go; Esc in the box clears them.
    expect(await searchBox(page).inputValue()).toBe(QUERY);
    await page.keyboard.press('Escape');
    expect(await searchBox(page).inputValue()).toBe('');
  });

  test('words nothing matches: the results say so', async () => {
    await searchBox(page).fill('qwxyzzy');
    await page.keyboard.press('Enter');
    const none = 'No events from today on match “qwxyzzy” in the calendars shown.';
    await results(page, 'qwxyzzy').locator('p', { hasText: none }).waitFor();
    // Screen readers hear it too.
    expect(await results(page, 'qwxyzzy').getByRole('status').textContent()).toBe(none);
    expect(await results(page, 'qwxyzzy').getByRole('option').count()).toBe(0);
    await results(page, 'qwxyzzy').getByRole('button', { name: 'Close search results' }).click();
    await results(page, 'qwxyzzy').waitFor({ state: 'detached' });
  });

  test('the keyboard shortcuts list /', async () => {
    // Out of the box: shortcuts do nothing in a field.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Search events').waitFor();
    expect(await dialog.locator('kbd').allTextContents()).toContain('/');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('search on a phone (390×844)', () => {
  test('the header’s Search button opens the box in its one row; results fill the width; Back closes both, focus on Search', async () => {
    const page = await signedIn({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const open = page.getByRole('button', { name: 'Search', exact: true });
    await open.click();
    await expect.poll(() => isFocused(page, 'Search events')).toBe(true);
    await page.keyboard.type(QUERY);
    await page.keyboard.press('Enter');
    await option(page, coming).waitFor();
    const header = (await page.getByRole('banner').boundingBox())!;
    expect(header.height).toBeLessThan(64);
    expect((await results(page).boundingBox())!.width).toBeGreaterThan(380);

    await page.getByRole('button', { name: 'Close search', exact: true }).click();
    await results(page).waitFor({ state: 'detached' });
    await expect.poll(() => open.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

// The flow's page, its scheme switched for each reading (a context and a sign-in of its own each cost seconds).
describe.each(['light', 'dark'] as const)('the results, %s: axe finds nothing', (colorScheme) => {
  test('open results, with a result chosen', async () => {
    await page.emulateMedia({ colorScheme });
    await page.goto(`/?q=${QUERY}&past=1`);
    await option(page, coming).waitFor();
    await option(page, coming).focus();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('the results in forced colours', () => {
  test('axe finds nothing', async () => {
    await page.emulateMedia({ colorScheme: 'light', forcedColors: 'active' });
    await page.goto(`/?q=${QUERY}`);
    await option(page, coming).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });
});
