// A month of 2,000 events and the next one of 2,000 more: the app's month view against the bare FullCalendar page
// with the same events inline, for the first render and for "next month".
import type { Browser, BrowserContextOptions, Page, Response } from 'playwright-core';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { newContext } from '../e2e/harness/browser.ts';
import { BARE_PAGE_LIMIT, coldTabs, firstVisit, withBrowserBench } from './first-render-bench.ts';
import { interleave, type Comparison } from './measure.ts';

/** Events in the month on screen, and again in the next one. */
export const MONTH_EVENTS = 2_000;
/** Writes in flight while seeding: enough to keep the server busy, few enough not to queue for long. */
const SEED_CONCURRENCY = 8;
/** Titles of the next month's events from this day on: a month grid shows at most its next month's first 14 days. */
const LATE_DAY = 15;
const LATE_TITLE = 'Late next-month bench event';
const NEXT_MONTH = 'Next month';
const EVENTS_PATH = '/api/events';

interface Seeded {
  token: string;
  calendarId: string;
}

async function api<T>(baseUrl: string, path: string, init: { token?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(baseUrl + path, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** One-hour events spread over a month's days and working hours, in the browser's (and this process's) zone. */
function monthEvents(year: number, month: number, title: (day: number, i: number) => string) {
  const days = new Date(year, month + 1, 0).getDate();
  return Array.from({ length: MONTH_EVENTS }, (_, i) => {
    const day = 1 + (i % days);
    const start = new Date(year, month, day, 8 + (i % 10), (i % 4) * 15);
    return { title: title(day, i), start: start.toISOString(), end: new Date(start.getTime() + 3_600_000).toISOString(), allDay: false };
  });
}

/** 2,000 events in this month and 2,000 in the next, in a calendar eddie edits, through the API. */
async function seedMonths(baseUrl: string): Promise<Seeded> {
  const { accessToken: token } = await api<{ accessToken: string }>(baseUrl, '/api/dev/token', { body: { userId: 'eddie' } });
  const calendars = await api<{ id: string; canEdit: boolean }[]>(baseUrl, '/api/calendars', { token });
  const calendarId = calendars.find((calendar) => calendar.canEdit)?.id;
  if (!calendarId) throw new Error('eddie edits no calendar');
  const today = new Date();
  const drafts = [
    ...monthEvents(today.getFullYear(), today.getMonth(), (_, i) => `Bench event ${i}`),
    ...monthEvents(today.getFullYear(), today.getMonth() + 1, (day, i) => `${day >= LATE_DAY ? LATE_TITLE : 'Next-month bench event'} ${i}`),
  ];
  let next = 0;
  const worker = async () => {
    while (next < drafts.length) await api(baseUrl, `/api/calendars/${calendarId}/events`, { token, body: drafts[next++] });
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  return { token, calendarId };
}

const isEvents = (response: Response) => new URL(response.url()).pathname === EVENTS_PATH && response.status() === 200;

/** The start of the window an /api/events response answers. */
const startOf = (response: Response) => Date.parse(new URL(response.url()).searchParams.get('start')!);

/**
 * The events the app shows in its first month and, after "next month", in the next: what the bare page carries
 * inline. The app fetches the months either side ahead, so the next month's answer is the one starting soonest
 * after the first's.
 */
async function appMonths(browser: Browser, baseUrl: string, options: BrowserContextOptions): Promise<CalendarEvent[][]> {
  const context = await newContext(browser, baseUrl, options);
  try {
    const page = await context.newPage();
    const answers: Response[] = [];
    page.on('response', (response) => void (isEvents(response) && answers.push(response)));
    await page.goto('/');
    await page.waitForFunction(() => performance.getEntriesByName('company-calendar:first-events').length > 0);
    await page.locator('.cc-calendar').getByRole('button', { name: NEXT_MONTH }).click();
    await page.getByText(LATE_TITLE).first().waitFor({ state: 'attached' });
    const [first, ...others] = answers;
    const second = others.filter((answer) => startOf(answer) > startOf(first!)).sort((a, b) => startOf(a) - startOf(b))[0];
    return [(await first!.json()) as CalendarEvent[], (await second!.json()) as CalendarEvent[]];
  } finally {
    await context.close();
  }
}

/**
 * The live stream (GET /api/changes) stays open for the page's life, so the page never goes network-idle with it:
 * answered 429 with an hour's Retry-After, the app waits that long before asking again. The bare page has none.
 */
async function withoutLiveStream(page: Page): Promise<void> {
  await page.route('**/api/changes', (route) => route.fulfill({ status: 429, headers: { 'retry-after': '3600' }, body: '' }));
}

/**
 * Waits until the page's work after its first screen is done, as a person reading it before the click would: its
 * fetches (the app's idle preloads, the months either side), its service worker's install (the app's shell, cached
 * for offline), and what waits for idle time (the offline copy).
 */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    if (await navigator.serviceWorker?.getRegistration()) await navigator.serviceWorker.ready;
  });
  await page.waitForLoadState('networkidle');
  for (let round = 0; round < 2; round++) await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

/**
 * Milliseconds from a click on "Next month" to the frame after the next month's late events enter the page, by the
 * page's own clock: the same code on both pages, after the first render has settled.
 */
function nextMonthVisit(browser: Browser, url: string, options: BrowserContextOptions = {}) {
  const inColdTab = coldTabs(browser, url, options);
  return () =>
    inColdTab(async (page) => {
      await withoutLiveStream(page);
      await page.goto('/');
      await page.waitForFunction(() => performance.getEntriesByName('company-calendar:first-events').length > 0);
      await settled(page);
      const button = await page.locator('.cc-calendar').getByRole('button', { name: NEXT_MONTH }).elementHandle();
      return await page.evaluate(
        ({ button, marker }) =>
          new Promise<number>((resolve) => {
            const holds = (node: Node | null) => node?.textContent?.includes(marker) ?? false;
            const observer = new MutationObserver((records) => {
              if (!records.some((record) => holds(record.target) || [...record.addedNodes].some(holds))) return;
              observer.disconnect();
              requestAnimationFrame(() => resolve(performance.now() - started));
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
            const started = performance.now();
            button.dispatchEvent(new MouseEvent('click', { bubbles: true }));
          }),
        { button, marker: LATE_TITLE },
      );
    });
}

export async function benchMonth(rounds: number): Promise<Comparison[]> {
  console.log(`month: ${MONTH_EVENTS} events this month and ${MONTH_EVENTS} next, the app signed in against the bare page, each visit a cold tab of a running browser`);
  return withBrowserBench({ RATE_LIMIT_PER_MINUTE: '1000000' }, async ({ app, browser, signedIn, barePage }) => {
    await seedMonths(app.baseUrl);
    const [first, second] = await appMonths(browser, app.baseUrl, signedIn);
    const byId = new Map([...first!, ...second!].map((event) => [event.id, event]));
    const bareUrl = await barePage(JSON.stringify([...byId.values()]));
    const shown = `${first!.length} events in the first grid, ${second!.length} in the next`;
    const firstRender = await interleave({
      figure: `month view, navigation to the first event painted, Chromium, ${shown}`,
      limit: BARE_PAGE_LIMIT,
      rounds,
      warmup: 1,
      ours: firstVisit(browser, app.baseUrl, signedIn),
      bare: firstVisit(browser, bareUrl),
    });
    const nextMonth = await interleave({
      figure: `month view, "Next month" to its events shown, Chromium, ${shown}`,
      limit: `${BARE_PAGE_LIMIT} (all events in memory)`,
      rounds,
      warmup: 1,
      ours: nextMonthVisit(browser, app.baseUrl, signedIn),
      bare: nextMonthVisit(browser, bareUrl),
    });
    return [firstRender, nextMonth];
  });
}
