import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { DEFAULT_WORKING_HOURS } from '../../src/shared/user-settings-schema.ts';
import { NOW_CLASS, PRINTED_MONTH_CLASS } from '../../src/web/features/calendar/components/use-calendar-theme-styles.ts';
import { addDays } from '../../src/web/features/calendar/lib/grid-dates.ts';
import { ApiDriver } from './harness/api.ts';
import { launchBrowser, newContext, TEST_TIME_ZONE } from './harness/browser.ts';
import { calendarEvent, localDate, signIn, waitForEvents } from './harness/calendar-page.ts';
import { joinedText, overlappingBoxes, readPdf, type PdfPage } from './harness/pdf-text.ts';
import { startServer, type AppServer } from './harness/server.ts';

const VIEWPORT_WIDTH = 1280;
const LONG_TITLE = 'Quarterly planning with every team, the leadership group and our guests from the partner companies';
// A full day: four meetings beside the demo's stand-up, each title long enough to wrap in a printed month's day.
const BUSY_DAY = [
  ['10:00', '11:00', 'Budget review with the finance team'],
  ['11:00', '12:00', 'Interview for the senior designer role'],
  ['13:00', '14:00', 'Customer call with Northwind Traders'],
  ['14:00', '15:00', 'Planning follow-up and actions'],
] as const;

let server: AppServer;
let browser: Browser;
let page: Page;
let api: ApiDriver;
let token: string;
let event: CalendarEvent;
let calendars: { id: string; name: string; color: string }[];

beforeAll(async () => {
  server = await startServer();
  api = new ApiDriver(server.baseUrl);
  token = await api.token('eddie');
  calendars = (await api.request<typeof calendars>('GET', '/api/calendars', { token })).body;
  const company = calendars.find((calendar) => calendar.name === 'Company')!;
  const create = (body: object) => api.request<CalendarEvent>('POST', `/api/calendars/${company.id}/events`, { token, body });
  const created = await create({ title: LONG_TITLE, start: localDate(), end: localDate(1), allDay: true });
  expect(created.status).toBe(201);
  event = created.body;
  for (const [from, to, title] of BUSY_DAY) {
    const busy = await create({ title, start: `${localDate()}T${from}:00`, end: `${localDate()}T${to}:00`, extendedProps: { timeZone: TEST_TIME_ZONE } });
    expect(busy.status).toBe(201);
  }

  browser = await launchBrowser();
  page = await (await newContext(browser, server.baseUrl, { viewport: { width: VIEWPORT_WIDTH, height: 1300 } })).newPage();
  await signIn(page, /Eddie Editor/);
  await waitForEvents(page);
  await calendarEvent(page, event.id).waitFor();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** The titles of every event the server has between two days (the first included, the last not), once each. */
async function titlesBetween(first: string, end: string): Promise<string[]> {
  const query = new URLSearchParams({ start: `${first}T00:00:00Z`, end: `${end}T00:00:00Z`, timeZone: TEST_TIME_ZONE });
  for (const calendar of calendars) query.append('calendarId', calendar.id);
  const events = (await api.request<CalendarEvent[]>('GET', `/api/events?${query}`, { token })).body;
  return [...new Set(events.map((found) => found.title))];
}

/** The page as Chromium prints it (A4 unless the page asks for another size or orientation), read back. */
async function printed(): Promise<PdfPage[]> {
  // Chromium fires beforeprint first, as for its Print command: the app draws its sheet then.
  return readPdf(await page.pdf({ format: 'A4', preferCSSPageSize: true }));
}

/** Every title is on the paper whole, and none of its words is split over two lines (no column of single letters). */
function expectWholeTitles(pages: PdfPage[], titles: readonly string[]) {
  const boxes = pages.flatMap((printedPage) => printedPage.boxes);
  const text = joinedText(boxes);
  for (const title of titles) {
    expect(text, title).toContain(title.replace(/\s+/g, ''));
    // Lines may break at spaces and after hyphens ("stand-" / "up"), nowhere else.
    for (const word of title.split(/[\s-]+/).filter((candidate) => candidate.length >= 4)) {
      expect(boxes.some((box) => box.text.includes(word)), `${word} of ${title}`).toBe(true);
    }
  }
}

const viewTab = (name: string) => page.getByRole('tab', { name });

async function showView(name: string) {
  await viewTab(name).click();
  await expect.poll(() => viewTab(name).getAttribute('aria-selected')).toBe('true');
  await waitForEvents(page);
}

describe('printing', () => {
  test('a long title cut short on screen wraps in full on paper, with its calendar’s colour kept as a mark', async () => {
    const title = calendarEvent(page, event.id).first().locator('.cc-event-title');
    expect(await title.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

    await page.emulateMedia({ media: 'print' });
    const printedEvent = page.locator(`.${PRINTED_MONTH_CLASS}`).locator(`[data-event-id="${event.id}"]`).first();
    await printedEvent.waitFor();
    expect(await printedEvent.textContent()).toBe(LONG_TITLE);
    expect(await printedEvent.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const color = calendars.find((calendar) => calendar.id === event.extendedProps.calendarId)!.color;
    expect(await printedEvent.evaluate((element) => getComputedStyle(element).borderLeftColor)).toBe(hexToRgb(color));
    await page.emulateMedia({ media: null });
    await printedEvent.waitFor({ state: 'detached' });
  });

  test('on paper only the calendar shows, full width, under a heading naming its calendars and the month', async () => {
    const printHeader = page.getByTestId('print-header');
    expect(await printHeader.isVisible()).toBe(false);

    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'Calendars' }).isVisible()).toBe(false);
    expect(await page.getByRole('tab', { name: 'Month' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Today' }).isVisible()).toBe(false);
    expect((await page.locator(`.${PRINTED_MONTH_CLASS}`).boundingBox())!.width).toBeGreaterThan(VIEWPORT_WIDTH - 20);
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(new Date());
    expect(await printHeader.textContent()).toBe(`${calendars.map((calendar) => calendar.name).join(', ')} — ${month}`);
    await page.emulateMedia({ media: null });
  });

  test('a month prints on one landscape page, every title whole, wrapped between words, none printed over another', async () => {
    const days = await page.locator('.cc-calendar [role=gridcell][data-date]').evaluateAll((cells) => cells.map((cell) => cell.getAttribute('data-date')!));
    const titles = await titlesBetween(days[0]!, addDays(days.at(-1)!, 1));
    expect(titles).toEqual(expect.arrayContaining([LONG_TITLE, 'Engineering stand-up', ...BUSY_DAY.map(([, , title]) => title)]));

    const pages = await printed();
    expect(pages).toHaveLength(1);
    const [sheet] = pages as [PdfPage];
    expect(sheet.width).toBeGreaterThan(sheet.height);
    expect(overlappingBoxes(sheet.boxes)).toEqual([]);
    expectWholeTitles(pages, titles);
  });

  test('a week prints the working day, without the line at the time it is now', async () => {
    await showView('Week');
    const now = page.locator(`.${NOW_CLASS}`);
    await now.first().waitFor();
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => now.evaluateAll((lines) => lines.some((line) => line.checkVisibility()))).toBe(false);
    await page.emulateMedia({ media: null });

    const pages = await printed();
    expect(pages).toHaveLength(1);
    const [sheet] = pages as [PdfPage];
    expect(sheet.width).toBeGreaterThan(sheet.height);
    // The time axis: its labels, top to bottom, are the working day's hours (the demo's and these meetings lie in it).
    const hour = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
    const axis = sheet.boxes.filter((box) => /^\d{1,2}:\d{2}\s?[AP]M$/.test(box.text.trim())).sort((a, b) => b.y - a.y);
    const { startHour, endHour } = DEFAULT_WORKING_HOURS;
    expect(axis.map((box) => box.text.trim())).toEqual(
      Array.from({ length: endHour - startHour }, (_, index) => hour.format(new Date(2026, 0, 1, startHour + index))),
    );
    expect(overlappingBoxes(sheet.boxes)).toEqual([]);
    expectWholeTitles(pages, BUSY_DAY.map(([, , title]) => title));
  });

  test('the Upcoming list prints as a list: every title whole, none printed over another', async () => {
    await showView('Upcoming');
    const titles = [...new Set(await page.locator('.cc-calendar .cc-event-title').allTextContents())];
    expect(titles).toEqual(expect.arrayContaining(BUSY_DAY.map(([, , title]) => title)));
    const pages = await printed();
    for (const printedPage of pages) expect(overlappingBoxes(printedPage.boxes)).toEqual([]);
    expectWholeTitles(pages, titles);
    await showView('Month');
  });

  test('toasts stay off the paper', async () => {
    const failing = (url: URL) => url.pathname === '/api/events';
    await page.route(failing, (route) =>
      route.fulfill({ status: 404, contentType: 'application/problem+json', body: JSON.stringify({ title: 'Events are away', status: 404 }) }),
    );
    // Twice: the month after this one was fetched ahead before the failures began. The calendar's own toolbar: the
    // side panel's date navigator has month buttons too.
    await page.locator('.cc-calendar').getByRole('button', { name: 'Next' }).click();
    await page.locator('.cc-calendar').getByRole('button', { name: 'Next' }).click();
    const toast = page.getByText('Events could not be loaded', { exact: true });
    await toast.waitFor();
    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => toast.isVisible()).toBe(false);
    await page.emulateMedia({ media: null });
    await page.unroute(failing);
    await page.locator('.cc-calendar').getByRole('button', { name: 'Previous' }).click();
    await page.locator('.cc-calendar').getByRole('button', { name: 'Previous' }).click();
    await calendarEvent(page, event.id).waitFor();
  });

  test('Print in the header’s menu prints', async () => {
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'yes');
    });
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Print' }).click();
    expect(await page.locator('body').getAttribute('data-printed')).toBe('yes');
  });
});

