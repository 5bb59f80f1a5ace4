import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { SEARCH_SUGGEST_DEBOUNCE_MS, SEARCH_SUGGEST_MIN_CHARS, SEARCH_SUGGESTIONS_MAX } from '../../src/shared/limits.ts';
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
let hyphened: CalendarEvent;

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
  past = await companyEvent('Last quarter’s review', PAST_DAY, { description: `<p>Notes from the ${WORD} offsite.</p><ul><li>Budget</li></ul>` });
  hyphened = await companyEvent('Quokkarine stand-up', localDate(42), { description: '<ul><li>Round the table</li><li>Blockers</li></ul>' });
});

async function signedIn(options: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await newContext(app.browser, app.server.baseUrl, options)).newPage();
  await signIn(page, /Eddie Editor/);
  await waitForEvents(page);
  return page;
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search events' });
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

const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggested events' });
const suggestionIds = (page: Page) => suggestions(page).getByRole('option').evaluateAll((options) => options.map((option) => option.getAttribute('data-hit-id')));
const activeSuggestion = (page: Page) =>
  searchBox(page).evaluate((box) => {
    const id = box.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.getAttribute('data-hit-id') ?? 'missing') : null;
  });

describe('suggestions while typing, marked matches, and Back', () => {
  let typing: Page;
  beforeAll(async () => {
    typing = await signedIn();
    await searchBox(typing).waitFor();
  });

  test('typing shows the first few matches, words marked; ↓ ↑ choose one and Enter opens it; Esc closes them, keeping the words', async () => {
    await searchBox(typing).click();
    await typing.keyboard.type(QUERY);
    await suggestions(typing).getByRole('option').first().waitFor();
    expect(await searchBox(typing).getAttribute('aria-expanded')).toBe('true');
    // Under load, typing may pause between keys: the list is of the last words once their answer is in.
    await expect.poll(() => suggestionIds(typing)).toEqual([coming.id, inLocation.id]);
    expect(await suggestions(typing).locator(`[data-hit-id="${coming.id}"] mark`).allTextContents()).toEqual([WORD]);
    expect(await typing.getByRole('status').filter({ hasText: '2 suggested events' }).count()).toBe(1);

    await typing.keyboard.press('ArrowDown');
    await expect.poll(() => activeSuggestion(typing)).toBe(coming.id);
    await typing.keyboard.press('ArrowDown');
    await expect.poll(() => activeSuggestion(typing)).toBe(inLocation.id);
    await typing.keyboard.press('ArrowUp');
    await expect.poll(() => activeSuggestion(typing)).toBe(coming.id);
    // The box keeps focus all along.
    expect(await isFocused(typing, 'Search events')).toBe(true);
    await typing.keyboard.press('Enter');
    const details = typing.getByRole('dialog', { name: coming.title });
    await details.waitFor();
    await suggestions(typing).waitFor({ state: 'detached' });
    // No results list: a suggestion opens its event only.
    expect(addressQuery(typing)).toBeNull();
    await typing.keyboard.press('Escape');
    await details.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(typing, 'Search events')).toBe(true);

    await typing.keyboard.type(' room');
    await suggestions(typing).locator(`[data-hit-id="${inLocation.id}"]`).waitFor();
    await typing.keyboard.press('Escape');
    await suggestions(typing).waitFor({ state: 'detached' });
    expect(await searchBox(typing).inputValue()).toBe(`${QUERY} room`);
    expect(await searchBox(typing).getAttribute('aria-expanded')).toBe('false');
  });

  test('hyphens and spaces fold: "quokkarine standup" and "stand up" find "stand-up", marked whole; the snippet shows no bullets', async () => {
    for (const words of ['quokkarine standup', 'quokkarine stand up']) {
      await searchBox(typing).fill('');
      // The list shown stays until the next answer: this one's.
      const answered = typing.waitForResponse((response) => new URL(response.url()).searchParams.get('q') === words);
      await searchBox(typing).pressSequentially(words);
      await answered;
      await expect.poll(() => suggestionIds(typing)).toEqual([hyphened.id]);
      expect(await suggestions(typing).locator(`[data-hit-id="${hyphened.id}"] mark`).allTextContents()).toEqual(['Quokkarine', 'stand-up']);
    }
    await searchBox(typing).fill('stand-up blockers');
    await typing.keyboard.press('Enter');
    const hit = results(typing, 'stand-up blockers').locator(`[role=option][data-hit-id="${hyphened.id}"]`);
    await hit.waitFor();
    expect(await hit.locator('mark').allTextContents()).toEqual(['stand-up', 'Blockers']);
    expect(await hit.textContent()).toContain('Round the table Blockers');
    expect(await hit.textContent()).not.toContain('*');
  });

  test('results mark the words in titles, places and snippets', async () => {
    await typing.goto(`/?q=${QUERY}&past=1`);
    const found = results(typing);
    await found.locator(`[data-hit-id="${past.id}"]`).waitFor();
    expect(await found.locator(`[data-hit-id="${coming.id}"] mark`).allTextContents()).toEqual([WORD]);
    expect(await found.locator(`[data-hit-id="${inLocation.id}"] mark`).allTextContents()).toEqual([WORD]);
    expect(await found.locator(`[data-hit-id="${past.id}"] mark`).allTextContents()).toEqual([WORD]);
    expect(await found.locator(`[data-hit-id="${past.id}"]`).textContent()).toContain(`Notes from the ${WORD} offsite. Budget`);
  });

  test('each search is a history entry: Back returns to the page before it, Forward to the search', async () => {
    const before = `/?view=week&date=${localDate(7)}`;
    await typing.goto(before);
    await waitForEvents(typing);
    const address = () => new URL(typing.url()).search;
    const start = address();
    await searchBox(typing).fill(QUERY);
    await typing.keyboard.press('Enter');
    await option(typing, coming).waitFor();
    await searchBox(typing).fill('quokkarine');
    await typing.keyboard.press('Enter');
    await results(typing, 'quokkarine').locator(`[data-hit-id="${hyphened.id}"]`).waitFor();

    await typing.goBack();
    await option(typing, coming).waitFor();
    expect(addressQuery(typing)).toBe(QUERY);
    expect(await searchBox(typing).inputValue()).toBe(QUERY);
    await typing.goBack();
    await results(typing).waitFor({ state: 'detached' });
    expect(address()).toBe(start);
    await typing.goForward();
    await option(typing, coming).waitFor();
    expect(addressQuery(typing)).toBe(QUERY);
  });

  test(`shows at most SEARCH_SUGGESTIONS_MAX (${SEARCH_SUGGESTIONS_MAX}) suggestions, asking the API for no more`, async () => {
    for (let i = 1; i <= SEARCH_SUGGESTIONS_MAX + 2; i++) await companyEvent(`Narwhaline ${i}`, localDate(50 + i));
    await typing.goto('/');
    await searchBox(typing).click();
    const asked = typing.waitForRequest((request) => new URL(request.url()).searchParams.get('q') === 'narwhaline');
    await typing.keyboard.type('narwhaline');
    expect(new URL((await asked).url()).searchParams.get('limit')).toBe(String(SEARCH_SUGGESTIONS_MAX));
    await expect.poll(() => suggestions(typing).getByRole('option').allTextContents()).toEqual(
      Array.from({ length: SEARCH_SUGGESTIONS_MAX }, (_, i) => expect.stringContaining(`Narwhaline ${i + 1}`)),
    );
  });

  test(`asks from SEARCH_SUGGEST_MIN_CHARS (${SEARCH_SUGGEST_MIN_CHARS}) characters, once typing pauses for SEARCH_SUGGEST_DEBOUNCE_MS (${SEARCH_SUGGEST_DEBOUNCE_MS} ms)`, async () => {
    const page = await signedIn();
    await searchBox(page).waitFor();
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/search') asked.push(url.searchParams.get('q') ?? '');
    });
    const askedFor = (q: string) => page.waitForRequest((request) => new URL(request.url()).searchParams.get('q') === q);
    // The page's clock stands still but when moved: a key's effects (the debounce's timer) run as the key is handled.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 60_000);
    await searchBox(page).click();
    await page.keyboard.type('z');
    await page.clock.runFor(2 * SEARCH_SUGGEST_DEBOUNCE_MS);
    const ze = askedFor('ze');
    await page.keyboard.type('e');
    await page.clock.runFor(SEARCH_SUGGEST_DEBOUNCE_MS);
    await ze;
    // One character was never asked for; a key before the pause ends puts the request off again.
    await page.keyboard.type('p');
    await page.clock.runFor(SEARCH_SUGGEST_DEBOUNCE_MS - 1);
    const zeph = askedFor('zeph');
    await page.keyboard.type('h');
    await page.clock.runFor(SEARCH_SUGGEST_DEBOUNCE_MS - 1);
    await page.clock.runFor(1);
    await zeph;
    // The words asked for, each once: a change to events (the live stream) may ask for the same words again.
    expect([...new Set(asked)]).toEqual(['ze', 'zeph']);
    await page.context().close();
  });

  test('words already in the box (a search in the address) are not asked for as typing starts: only the words typed', async () => {
    await typing.goto(`/?q=${QUERY}`);
    await option(typing, coming).waitFor();
    const suggested: string[] = [];
    const record = (request: { url(): string }) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/search' && url.searchParams.has('limit')) suggested.push(url.searchParams.get('q') ?? '');
    };
    typing.on('request', record);
    await searchBox(typing).click();
    await typing.keyboard.press('End');
    const asked = typing.waitForRequest((request) => new URL(request.url()).searchParams.get('q') === `${QUERY} town`);
    await typing.keyboard.insertText(' town');
    await asked;
    typing.off('request', record);
    expect(suggested).toEqual([`${QUERY} town`]);
  });

  test('a request for words typed since is aborted (its signal), and only the last words’ suggestions show', async () => {
    await typing.goto('/');
    await searchBox(typing).waitFor();
    // Hold the first request until the words have changed: its answer must not be waited for, nor shown.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const first = (url: URL) => url.pathname === '/api/search' && url.searchParams.get('q') === 'zephyrin';
    await typing.route(first, async (route) => {
      await held;
      await route.continue().catch(() => undefined);
    });
    await typing.evaluate(() => {
      const aborted: string[] = [];
      (window as unknown as { aborted: string[] }).aborted = aborted;
      const original = window.fetch;
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        init?.signal?.addEventListener('abort', () => aborted.push(new URL(url, location.href).searchParams.get('q') ?? ''));
        return original(input, init);
      };
    });
    await searchBox(typing).click();
    const sent = typing.waitForRequest((request) => first(new URL(request.url())));
    await typing.keyboard.type('zephyrin');
    await sent;
    // One input event: no pause between these keys however loaded the machine is.
    await typing.keyboard.insertText('e town');
    const shown = () => suggestionIds(typing);
    await expect.poll(shown).toEqual([coming.id]);
    await expect.poll(() => typing.evaluate(() => (window as unknown as { aborted: string[] }).aborted)).toEqual(['zephyrin']);
    release();
    expect(await shown()).toEqual([coming.id]);
    await typing.unrouteAll({ behavior: 'ignoreErrors' });
  });

  describe.each([
    ['light', { colorScheme: 'light' }],
    ['dark', { colorScheme: 'dark' }],
    ['high contrast', { colorScheme: 'light', forcedColors: 'active' }],
  ] as const)('the suggestions, %s: axe finds nothing', (_name, media) => {
    test('open, one chosen', async () => {
      await typing.emulateMedia(media);
      await typing.goto('/');
      await searchBox(typing).click();
      await typing.keyboard.type(QUERY);
      await expect.poll(() => suggestionIds(typing)).toEqual([coming.id, inLocation.id]);
      await typing.keyboard.press('ArrowDown');
      await expect.poll(() => activeSuggestion(typing)).toBe(coming.id);
      expect(await axeViolations(typing)).toEqual([]);
    });
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
