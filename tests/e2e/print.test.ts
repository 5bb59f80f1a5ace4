import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { launchBrowser, newContext } from './harness/browser.ts';
import { calendarEvent, localDate, signIn, waitForEvents } from './harness/calendar-page.ts';
import { startServer, type AppServer } from './harness/server.ts';

const VIEWPORT_WIDTH = 1280;
const LONG_TITLE = 'Quarterly planning with every team, the leadership group and our guests from the partner companies';

let server: AppServer;
let browser: Browser;
let page: Page;
let event: CalendarEvent;
let calendars: { id: string; name: string; color: string }[];

beforeAll(async () => {
  server = await startServer();
  const api = new ApiDriver(server.baseUrl);
  const token = await api.token('eddie');
  calendars = (await api.request<typeof calendars>('GET', '/api/calendars', { token })).body;
  const company = calendars.find((calendar) => calendar.name === 'Company')!;
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${company.id}/events`, {
    token,
    body: { title: LONG_TITLE, start: localDate(), end: localDate(1), allDay: true },
  });
  expect(created.status).toBe(201);
  event = created.body;

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

describe('printing', () => {
  test('a long title cut short on screen wraps in full on paper, with its calendar’s colour kept as a border', async () => {
    const eventElement = calendarEvent(page, event.id).first();
    const title = eventElement.locator('.cc-event-title');
    const clipped = () => title.evaluate((element) => element.scrollWidth > element.clientWidth);
    expect(await clipped()).toBe(true);
    const screenHeight = (await eventElement.boundingBox())!.height;

    await page.emulateMedia({ media: 'print' });
    await expect.poll(clipped).toBe(false);
    expect((await eventElement.boundingBox())!.height).toBeGreaterThan(screenHeight);
    const color = calendars.find((calendar) => calendar.id === event.extendedProps.calendarId)!.color;
    expect(await eventElement.evaluate((element) => getComputedStyle(element).borderLeftColor)).toBe(hexToRgb(color));
    await page.emulateMedia({ media: 'screen' });
  });

  test('on paper only the calendar shows, full width, under a heading naming its calendars and the month', async () => {
    const printHeader = page.getByTestId('print-header');
    expect(await printHeader.isVisible()).toBe(false);

    await page.emulateMedia({ media: 'print' });
    await expect.poll(() => page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('region', { name: 'Calendars' }).isVisible()).toBe(false);
    expect(await page.getByRole('tab', { name: 'Month' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Today' }).isVisible()).toBe(false);
    expect((await page.locator('.cc-calendar').boundingBox())!.width).toBeGreaterThan(VIEWPORT_WIDTH - 20);
    const month = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' }).format(new Date());
    expect(await printHeader.textContent()).toBe(`${calendars.map((calendar) => calendar.name).join(', ')} — ${month}`);
    await page.emulateMedia({ media: 'screen' });
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
    await page.emulateMedia({ media: 'screen' });
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
