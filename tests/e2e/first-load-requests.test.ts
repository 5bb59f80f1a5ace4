import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { COMPILE_ALL_CHUNKS, COMPILE_ALL_HINT } from '../../scripts/web-build-output.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { DEV_TOKEN_KEY } from '../../src/web/auth/request-dev-token.ts';
import { FIRST_EVENTS_MARK, FIRST_LOAD_WAIT_MS } from '../../src/web/lib/first-load.ts';
import { AGENDA_DAYS } from '../../src/web/lib/phone-layout.ts';
import { TEST_TIME_ZONE, newContext } from './harness/browser.ts';
import { calendarEvent, signIn } from './harness/calendar-page.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';

const WEB_ROOT = resolve(import.meta.dirname, '../../dist/web');

const app = useAppAndBrowser();

/** One API call as the page made it: when it called fetch and when the response came. */
interface ApiTiming {
  path: string;
  query: string;
  start: number;
  end: number;
}

/**
 * A context whose pages log each fetch to the API as the app calls it: the order the app asks in, which Resource
 * Timing blurs (it stamps when the network stack starts a request, which a busy main thread can delay).
 */
async function loggingContext(options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await newContext(app.browser, app.server.baseUrl, options);
  await context.addInitScript(() => {
    const calls: { path: string; query: string; start: number; end: number }[] = [];
    Object.assign(window, { apiCalls: calls });
    const fetchOriginal = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input), window.location.href);
      const call = { path: url.pathname, query: url.search, start: performance.now(), end: Number.NaN };
      if (url.pathname.startsWith('/api/')) calls.push(call);
      const response = await fetchOriginal(input, init);
      call.end = performance.now();
      return response;
    };
  });
  return context;
}

/** The page's API calls since it loaded, in the order it made them. */
async function allApiTimings(page: Page): Promise<ApiTiming[]> {
  return page.evaluate(() => (window as unknown as { apiCalls: ApiTiming[] }).apiCalls.map((call) => ({ ...call })));
}

/** When the page's first events showed, by its clock. */
async function firstEventsAt(page: Page): Promise<number> {
  return page.evaluate((mark) => performance.getEntriesByName(mark)[0]?.startTime ?? Number.POSITIVE_INFINITY, FIRST_EVENTS_MARK);
}

/** The page's API calls for its first screen, those made before its first events showed, in order. */
async function apiTimings(page: Page): Promise<ApiTiming[]> {
  const shownAt = await firstEventsAt(page);
  return (await allApiTimings(page)).filter((call) => call.start < shownAt);
}

function only(timings: ApiTiming[], path: string): ApiTiming {
  const matching = timings.filter((timing) => timing.path === path);
  expect(matching, path).toHaveLength(1);
  return matching[0]!;
}

/**
 * Waits for the calendar's first events, then for every API call on the way to be answered, so that every request
 * is counted with its answer. (Not the 'networkidle' load state: reached once, on the sign-in screen, it waits for
 * nothing after; after a reload it waits half a second or more of quiet.)
 */
async function firstEventsShown(page: Page): Promise<void> {
  await page.locator('.cc-event').first().waitFor();
  await page.waitForFunction(() => (window as unknown as { apiCalls: ApiTiming[] }).apiCalls.every((call) => !Number.isNaN(call.end)));
}

/**
 * The first screen's three requests all start before any of them has answered, the events with no calendar filter;
 * only a token request comes before them, when the session has no token kept.
 */
function expectParallelFirstLoad(timings: ApiTiming[], tokenKept = false): ApiTiming {
  const [me, calendars, events] = ['/api/me', '/api/calendars', '/api/events'].map((path) => only(timings, path)) as [ApiTiming, ApiTiming, ApiTiming];
  expect(events.start).toBeLessThan(calendars.end);
  expect(events.start).toBeLessThan(me.end);
  expect(Math.max(me.start, calendars.start)).toBeLessThan(Math.min(me.end, calendars.end));
  if (tokenKept) expect(timings.filter((timing) => timing.path === '/api/dev/token')).toEqual([]);
  else {
    const token = only(timings, '/api/dev/token');
    for (const request of [me, calendars, events]) expect(request.start).toBeGreaterThanOrEqual(token.end);
  }
  expect(new URLSearchParams(events.query).getAll('calendarId')).toEqual([]);
  return events;
}

/** What the server answers the signed-in user for an /api/events query now. */
async function eventsOf(page: Page, query: string): Promise<CalendarEvent[]> {
  return page.evaluate(async (search) => {
    const userId = JSON.parse(localStorage.getItem('company-calendar:dev-user') ?? 'null') as string;
    const tokenResponse = await fetch('/api/dev/token', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userId }) });
    const { accessToken } = (await tokenResponse.json()) as { accessToken: string };
    return (await fetch(`/api/events${search}`, { headers: { Authorization: `Bearer ${accessToken}` } })).json() as Promise<CalendarEvent[]>;
  }, query);
}

describe('the first load', () => {
  test('a fresh sign-in asks for the profile, the calendars and the first month at once, then shows them', async () => {
    const context = await loggingContext();
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await firstEventsShown(page);
    expectParallelFirstLoad(await apiTimings(page));
    await context.close();
  });

  test('a remembered sign-in starts them before React renders, with its kept token and one events request, whose events all show', async () => {
    const context = await loggingContext();
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await firstEventsShown(page);

    await page.reload();
    await firstEventsShown(page);
    const timings = await apiTimings(page);
    // The token kept from the first visit (as MSAL keeps the standalone site's): no token request stands first.
    const events = expectParallelFirstLoad(timings, true);
    // The config kept from the first visit let them leave before the fresh config's answer was read.
    expect(only(timings, '/api/events').start).toBeLessThan(only(timings, '/api/client-config').end);
    // The range is the month grid FullCalendar asked for: each of its events is on the calendar.
    const shown = await eventsOf(page, events.query);
    expect(shown.length).toBeGreaterThan(10);
    for (const event of shown) await calendarEvent(page, event.id).first().waitFor();
    await context.close();
  });

  test('a kept token the server no longer takes is replaced after the 401, and the events show', async () => {
    const context = await loggingContext();
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await firstEventsShown(page);
    await page.evaluate((key) => {
      const kept = JSON.parse(localStorage.getItem(key)!) as { accessToken: string };
      localStorage.setItem(key, JSON.stringify({ ...kept, accessToken: `${kept.accessToken}x` }));
    }, DEV_TOKEN_KEY);

    await page.reload();
    await firstEventsShown(page);
    expect((await allApiTimings(page)).filter((timing) => timing.path === '/api/dev/token').length).toBeGreaterThan(0);
    const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!) as { accessToken: string }, DEV_TOKEN_KEY);
    expect(kept.accessToken.endsWith('x')).toBe(false);
    await context.close();
  });

  test('a remembered sign-in’s month grid shows its events in its first render, never empty first', async () => {
    const context = await loggingContext();
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await firstEventsShown(page);
    // Notes, when the grid's day cells first appear, whether any event appeared with them.
    await context.addInitScript(() => {
      const seen: { eventsWithFirstGrid: boolean | null } = { eventsWithFirstGrid: null };
      Object.assign(window, { firstGrid: seen });
      const observer = new MutationObserver(() => {
        if (document.querySelector('[role=cell][data-date]') === null) return;
        seen.eventsWithFirstGrid = document.querySelector('.cc-event') !== null;
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });

    await page.reload();
    await firstEventsShown(page);
    expect(await page.evaluate(() => (window as unknown as { firstGrid: { eventsWithFirstGrid: boolean | null } }).firstGrid.eventsWithFirstGrid)).toBe(true);
    await context.close();
  });

  test('a remembered sign-in draws the calendar first, never "Signing in…", and the header’s commands just after', async () => {
    const context = await loggingContext();
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await firstEventsShown(page);
    // Notes whether "Signing in…" was ever drawn, and whether the first events came before the header's commands.
    await context.addInitScript(() => {
      const seen = { signingIn: false, eventsBeforeCommands: null as boolean | null };
      Object.assign(window, { firstScreen: seen });
      const observer = new MutationObserver(() => {
        if (document.body.textContent?.includes('Signing in')) seen.signingIn = true;
        const events = document.querySelector('.cc-event') !== null;
        const commands = document.querySelector('[data-testid="signed-in-user"]') !== null;
        if (seen.eventsBeforeCommands === null && (events || commands)) seen.eventsBeforeCommands = events && !commands;
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    });

    await page.reload();
    await firstEventsShown(page);
    await page.getByTestId('signed-in-user').waitFor();
    await page.getByRole('checkbox', { name: 'Engineering' }).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { firstScreen: { signingIn: boolean; eventsBeforeCommands: boolean } }).firstScreen);
    expect(seen).toEqual({ signingIn: false, eventsBeforeCommands: true });
    await context.close();
  });

  test(`a slow profile does not hold the page blank: "Signing in…" shows after ${FIRST_LOAD_WAIT_MS} ms, then the app`, async () => {
    const context = await loggingContext();
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await firstEventsShown(page);
    let answerProfile = () => {};
    const profileHeld = new Promise<void>((resolve) => (answerProfile = resolve));
    await context.route('**/api/me', async (route) => {
      await profileHeld;
      await route.continue();
    });

    await page.reload();
    await page.getByText('Signing in…').waitFor();
    answerProfile();
    await firstEventsShown(page);
    await page.getByTestId('signed-in-user').waitFor();
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await context.close();
  });

  test('on a phone the one events request is the agenda’s week from today', async () => {
    const context = await loggingContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await firstEventsShown(page);

    await page.reload();
    await firstEventsShown(page);
    const events = expectParallelFirstLoad(await apiTimings(page), true);
    const query = new URLSearchParams(events.query);
    const days = (Date.parse(query.get('end')!) - Date.parse(query.get('start')!)) / 86_400_000;
    expect(Math.round(days)).toBe(AGENDA_DAYS);
    for (const event of await eventsOf(page, events.query)) await calendarEvent(page, event.id).first().waitFor();
    await context.close();
  });

  test('a hidden calendar stays hidden on a remembered sign-in, from the same single request', async () => {
    const context = await loggingContext();
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await firstEventsShown(page);
    await page.getByRole('checkbox', { name: 'Engineering' }).uncheck();

    await page.reload();
    await firstEventsShown(page);
    const events = expectParallelFirstLoad(await apiTimings(page), true);
    const all = await eventsOf(page, events.query);
    const engineeringId = all.find((event) => event.title === 'Engineering stand-up')?.extendedProps.calendarId;
    expect(engineeringId).toBeDefined();
    const [hidden, shown] = [all.filter((event) => event.extendedProps.calendarId === engineeringId), all.filter((event) => event.extendedProps.calendarId !== engineeringId)];
    expect(hidden.length).toBeGreaterThan(0);
    expect(shown.length).toBeGreaterThan(0);
    for (const event of shown) await calendarEvent(page, event.id).first().waitFor();
    expect(await page.locator(`.cc-event[data-calendar-id="${engineeringId}"]`).count()).toBe(0);
    await context.close();
  });

  test('when the view shows another zone than the one preloaded, it asks for its own range and shows it', async () => {
    const context = await loggingContext();
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await firstEventsShown(page);
    const zone = TEST_TIME_ZONE === 'Pacific/Kiritimati' ? 'Pacific/Pago_Pago' : 'Pacific/Kiritimati';
    await page.evaluate((chosen) => localStorage.setItem('company-calendar:time-zone', JSON.stringify(chosen)), zone);

    await page.reload();
    await firstEventsShown(page);
    const requests = (await apiTimings(page)).filter((timing) => timing.path === '/api/events');
    expect(requests.map(({ query }) => new URLSearchParams(query).get('timeZone'))).toEqual([TEST_TIME_ZONE, zone]);
    const own = requests[1]!;
    for (const event of await eventsOf(page, own.query)) await calendarEvent(page, event.id).first().waitFor();
    await context.close();
  });

  test('with no user to resume nothing is asked for before sign-in', async () => {
    const context = await loggingContext();
    const page = await context.newPage();
    await page.goto('/privacy');
    await page.evaluate(() => localStorage.setItem('company-calendar:dev-user', JSON.stringify('nobody')));
    await page.goto('/');
    await page.getByRole('heading', { name: 'Sign in to Company Calendar' }).waitFor();
    expect((await apiTimings(page)).map(({ path }) => path)).toEqual(['/api/client-config']);
    await context.close();
  });
});

/** The range an /api/events call asked for. */
function rangeOf({ query }: ApiTiming): [number, number] {
  const params = new URLSearchParams(query);
  return [Date.parse(params.get('start')!), Date.parse(params.get('end')!)];
}

/** The /api/events calls the page made from a moment on. */
async function eventsCallsSince(page: Page, since: number): Promise<ApiTiming[]> {
  return (await allApiTimings(page)).filter((call) => call.path === '/api/events' && call.start >= since);
}

/**
 * Moves the view with a toolbar button and waits for the events of the range it then shows, which the page fetched
 * ahead: returns the events calls it made for that range meanwhile.
 */
async function moveTo(page: Page, button: string, range: ApiTiming): Promise<ApiTiming[]> {
  const expected = await eventsOf(page, range.query);
  expect(expected.length).toBeGreaterThan(0);
  const clickedAt = await page.evaluate(() => performance.now());
  // The calendar's own toolbar: the side panel's date navigator has month buttons too.
  await page.locator('.cc-calendar').getByRole('button', { name: button }).click();
  for (const event of expected) await calendarEvent(page, event.id).first().waitFor();
  const [from, to] = rangeOf(range);
  return (await eventsCallsSince(page, clickedAt)).filter((call) => rangeOf(call)[0] === from && rangeOf(call)[1] === to);
}

describe('the windows either side', () => {
  test('once a month shows, the grids either side are fetched ahead; "Next month" and back show theirs with no request, and the one after is fetched ahead', async () => {
    const context = await loggingContext();
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await firstEventsShown(page);
    await expect.poll(async () => (await eventsCallsSince(page, 0)).length).toBe(3);
    const [first, ...ahead] = await eventsCallsSince(page, 0);
    const shownAt = await firstEventsAt(page);
    for (const call of ahead) expect(call.start).toBeGreaterThan(shownAt);
    const [from, to] = rangeOf(first!);
    const [previous, next] = ahead.sort((a, b) => rangeOf(a)[0] - rangeOf(b)[0]) as [ApiTiming, ApiTiming];
    // Month grids overlap their neighbours by a week or two.
    expect(rangeOf(previous)[0]).toBeLessThan(from);
    expect(rangeOf(previous)[1]).toBeGreaterThan(from);
    expect(rangeOf(next)[0]).toBeLessThan(to);
    expect(rangeOf(next)[1]).toBeGreaterThan(to);

    // Read before the move: the call fetching ahead may still be on its way (its end not known yet).
    const beforeMove = await page.evaluate(() => performance.now());
    expect(await moveTo(page, 'Next month', next)).toEqual([]);
    // From there, the grid after it is fetched ahead; the first one is still held, so it is not asked for again.
    await expect.poll(async () => (await eventsCallsSince(page, beforeMove)).map((call) => rangeOf(call)[0] > rangeOf(next)[0])).toContain(true);
    expect((await eventsCallsSince(page, beforeMove)).map(rangeOf)).not.toContainEqual([from, to]);
    expect(await moveTo(page, 'Previous month', first!)).toEqual([]);
    await context.close();
  });

  test(`on a phone the agenda’s ${AGENDA_DAYS} days either side are fetched ahead, and the next ones show with no request`, async () => {
    const context = await loggingContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    await firstEventsShown(page);
    await expect.poll(async () => (await eventsCallsSince(page, 0)).length).toBe(3);
    const [first, ...ahead] = await eventsCallsSince(page, 0);
    const [from, to] = rangeOf(first!);
    const [previous, next] = ahead.sort((a, b) => rangeOf(a)[0] - rangeOf(b)[0]) as [ApiTiming, ApiTiming];
    expect(rangeOf(previous)[1]).toBe(from);
    expect(rangeOf(next)[0]).toBe(to);
    expect(await moveTo(page, `Next ${AGENDA_DAYS} days`, next)).toEqual([]);
    // Each view of some days names its steps by them, not by a unit it has none of.
    await page.getByRole('tab', { name: '3 days', exact: true }).click();
    await page.getByRole('button', { name: 'Next 3 days', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Previous 3 days', exact: true }).waitFor();
    await context.close();
  });
});

/** The chunks a built module imports statically (`import"./x.js"`, `from"./x.js"`); `import("./x.js")` is lazy. */
function staticImports(file: string): string[] {
  const code = readFileSync(join(WEB_ROOT, 'assets', file), 'utf8');
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*"\.\/([^"]+\.js)"/g)].map((match) => match[1]!);
}

/** The built chunk whose file name starts with this name and a dash. */
function chunkNamed(name: string): string {
  const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
  const file = new RegExp(`/assets/(${name}-[\\w-]+\\.js)"`).exec(html)?.[1];
  expect(file, name).toBeDefined();
  return file!;
}

describe('index.html', () => {
  test('says "Loading…" in the page itself, before any script has run', () => {
    const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
    expect(html).toMatch(/<div id="root"><div class="boot-status" role="status">Loading…<\/div><\/div>/);
  });

  test('the entry imports the boot chunk first, and it imports neither React, Fluent nor FullCalendar: its requests leave before they load', () => {
    const entry = staticImports(chunkNamed('main'));
    const boot = chunkNamed('boot');
    expect(entry.filter((file) => !file.startsWith('rolldown-runtime') && !file.startsWith('modulepreload-polyfill'))[0]).toBe(boot);
    const bootGraph = new Set<string>();
    const pending = [boot];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (bootGraph.has(file)) continue;
      bootGraph.add(file);
      pending.push(...staticImports(file));
    }
    expect([...bootGraph].filter((file) => /^(react|fluent|fullcalendar|app)-/.test(file))).toEqual([]);
  });

  test('the first screen loads no zod: the forms, and the settings carried over from a device, load it when they need it', () => {
    const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
    const eager = [...html.matchAll(/\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
    const holdsZod = (file: string) => readFileSync(join(WEB_ROOT, 'assets', file), 'utf8').includes('ZodError');
    expect(eager.length).toBeGreaterThan(3);
    expect(eager.filter(holdsZod)).toEqual([]);
    // The mark is zod's own: some chunk of the build holds it.
    expect(readdirSync(join(WEB_ROOT, 'assets')).filter((file) => file.endsWith('.js')).some(holdsZod)).toBe(true);
  });

  test('the app’s styles are compiled at build time: its chunk carries CSS rules, not style objects to resolve', () => {
    const code = readFileSync(join(WEB_ROOT, 'assets', chunkNamed('app')), 'utf8');
    expect(code).toContain('{background-color:var(--colorNeutralBackground1);}');
    // What makeStyles would have had to resolve in the browser: a style object's property set to a token.
    expect(code).not.toMatch(/\bbackgroundColor:[`'"]var\(--/);
  });

  test('the first screen’s big chunks ask V8 to compile all their functions while they load, and no other chunk does', () => {
    const hinted = readdirSync(join(WEB_ROOT, 'assets')).filter((file) => file.endsWith('.js') && readFileSync(join(WEB_ROOT, 'assets', file), 'utf8').includes(COMPILE_ALL_HINT));
    expect(hinted.sort()).toEqual(COMPILE_ALL_CHUNKS.map(chunkNamed).sort());
    // At the top of the file, or after Vite's one-line list of the chunk's lazy imports' dependencies.
    for (const file of hinted) expect(readFileSync(join(WEB_ROOT, 'assets', file), 'utf8').split('\n').slice(0, 2)).toContain(COMPILE_ALL_HINT);
  });

  test('modulepreloads exactly the chunks the entry and the app it starts import, directly or through each other, and no lazy one', () => {
    const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
    const entry = /<script type="module"[^>]* src="\/assets\/([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/assets\/([^"]+)"/g)].map((match) => match[1]!);
    const eager = new Set<string>();
    const pending = [...staticImports(entry!), chunkNamed('start-app')];
    while (pending.length > 0) {
      const file = pending.pop()!;
      if (eager.has(file)) continue;
      eager.add(file);
      pending.push(...staticImports(file));
    }
    expect(eager.size).toBeGreaterThan(5);
    expect(new Set(preloaded)).toEqual(eager);
    expect(preloaded).toHaveLength(eager.size);
  });
});
