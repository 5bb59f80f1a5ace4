import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { launchBrowser, newContext } from './harness/browser.ts';
import { calendarEvent, dayCell, dragTo, signIn, waitForEvents } from './harness/calendar-page.ts';
import { startServer, type AppServer } from './harness/server.ts';

let server: AppServer;
let browser: Browser;
let page: Page;
let api: ApiDriver;
const writes: Request[] = [];

beforeAll(async () => {
  server = await startServer();
  api = new ApiDriver(server.baseUrl);
  browser = await launchBrowser();
  page = await (await newContext(browser, server.baseUrl)).newPage();
  page.on('request', (request) => {
    if (request.method() !== 'GET' && new URL(request.url()).pathname.startsWith('/api/calendars')) writes.push(request);
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a reader', () => {
  test('Riley finds no way to create, edit or delete', async () => {
    await signIn(page, /Riley Reader/);
    await waitForEvents(page);
    // The header's commands are in (they come just after the events): what is missing now is missing for good.
    await page.getByRole('button', { name: 'More options' }).waitFor();
    expect(await page.getByRole('button', { name: 'New event' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Manage calendars' }).count()).toBe(0);

    await page.locator('.cc-event').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Created', { exact: true }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('Riley cannot drag an event or select a range', async () => {
    const eventId = await page.locator('.cc-event').first().getAttribute('data-event-id');
    if (!eventId) throw new Error('no event on the calendar');
    const from = await page.locator(':is([role=cell], [role=gridcell])', { has: calendarEvent(page, eventId) }).getAttribute('data-date');
    const cells = page.locator(':is([role=cell], [role=gridcell])[data-date]');
    const target = cells.nth((await cells.nth(0).getAttribute('data-date')) === from ? 1 : 0);

    await dragTo(page, calendarEvent(dayCell(page, from!), eventId), target);
    // Across days, a range selection would open the new-event form for an editor.
    await dragTo(page, target, cells.nth(9));
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await calendarEvent(dayCell(page, from!), eventId).count()).toBe(1);
    expect(writes).toEqual([]);
  });

  test('the API refuses Riley a create and a patch with 403', async () => {
    const token = await api.token('riley');
    const companyId = await api.calendarId(token, 'Company');
    const create = await api.request('POST', `/api/calendars/${companyId}/events`, {
      token,
      body: { title: 'Not allowed', start: '2026-11-12', end: '2026-11-13', allDay: true },
    });
    expect(create.status).toBe(403);

    const eddie = await api.token('eddie');
    const seeded = await api.request<CalendarEvent>('POST', `/api/calendars/${companyId}/events`, {
      token: eddie,
      body: { title: 'Eddie’s event', start: '2026-11-12', end: '2026-11-13', allDay: true },
    });
    expect(seeded.status).toBe(201);
    const patch = await api.request('PATCH', `/api/calendars/${companyId}/events/${seeded.body.id}`, {
      token,
      ifMatch: seeded.etag ?? `"${seeded.body.extendedProps.version}"`,
      body: { title: 'Renamed by Riley' },
    });
    expect(patch.status).toBe(403);
  });
});
