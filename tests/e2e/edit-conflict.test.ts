import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { launchBrowser, newContext } from './harness/browser.ts';
import { calendarEvent, localDate, signIn } from './harness/calendar-page.ts';
import { startServer, type AppServer } from './harness/server.ts';

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let api: ApiDriver;
let event: CalendarEvent;

beforeAll(async () => {
  server = await startServer();
  api = new ApiDriver(server.baseUrl);
  browser = await launchBrowser();
  context = await newContext(browser, server.baseUrl);
  const token = await api.token('eddie');
  const today = localDate();
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${await api.calendarId(token, 'Company')}/events`, {
    token,
    body: {
      title: 'Quarterly planning',
      start: new Date(`${today}T15:00`).toISOString(),
      end: new Date(`${today}T16:00`).toISOString(),
      extendedProps: { location: 'Room 1' },
    },
  });
  expect(created.status).toBe(201);
  event = created.body;
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

// Background tabs get their animation frames throttled; the tab being used comes to the front, as a user's would.
async function openEditForm(page: Page, eventId = event.id) {
  await page.bringToFront();
  await calendarEvent(page, eventId).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
  const form = page.getByRole('dialog', { name: 'Edit event' });
  await form.getByLabel('Title').waitFor();
  return form;
}

describe('two tabs editing one event', () => {
  test('the second save gets the conflict message, keeps its own edit and takes the rest from the latest version', async () => {
    const first = await context.newPage();
    await signIn(first, /Eddie Editor/);
    // The second tab shares the first one's sign-in, as tabs do.
    const second = await context.newPage();
    await second.goto('/');

    const firstForm = await openEditForm(first);
    const secondForm = await openEditForm(second);

    await first.bringToFront();
    await firstForm.getByLabel('Title').fill('Quarterly planning (moved to Room 2)');
    await firstForm.getByLabel('Location').fill('Room 2');
    await firstForm.getByRole('button', { name: 'Save' }).click();
    await firstForm.waitFor({ state: 'detached' });

    await second.bringToFront();
    await secondForm.getByLabel('Title').fill('Quarterly planning, agenda attached');
    const conflict = second.waitForResponse((response) => response.request().method() === 'PATCH');
    await secondForm.getByRole('button', { name: 'Save' }).click();
    expect((await conflict).status()).toBe(412);

    await secondForm.getByText('This event was changed by someone else.').waitFor();
    // The location only the first tab changed comes from the latest version, and the form says so…
    await expect.poll(() => secondForm.getByLabel('Location').inputValue()).toBe('Room 2');
    await secondForm.getByText(/From their change: location\./).waitFor();
    // …while the title this tab changed keeps this tab's edit, though both changed it.
    expect(await secondForm.getByLabel('Title').inputValue()).toBe('Quarterly planning, agenda attached');

    // Saving again, now on top of the latest version, works.
    const saved = second.waitForResponse((response) => response.request().method() === 'PATCH');
    await secondForm.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await secondForm.waitFor({ state: 'detached' });

    const stored = await api.event(await api.token('eddie'), event.extendedProps.calendarId, event.id);
    expect(stored.title).toBe('Quarterly planning, agenda attached');
    expect(stored.extendedProps.location).toBe('Room 2');
    expect(stored.extendedProps.version).toBe(event.extendedProps.version + 2);
  });

  test('an event someone moved to another calendar meanwhile is found, not taken for deleted', async () => {
    const token = await api.token('eddie');
    const today = localDate();
    const created = await api.request<CalendarEvent>('POST', `/api/calendars/${await api.calendarId(token, 'Company')}/events`, {
      token,
      body: { title: 'Offsite logistics', start: new Date(`${today}T17:00`).toISOString(), end: new Date(`${today}T18:00`).toISOString() },
    });
    expect(created.status).toBe(201);
    const page = await context.newPage();
    await page.goto('/');
    const form = await openEditForm(page, created.body.id);

    const engineering = await api.calendarId(token, 'Engineering');
    const moved = await api.request('PATCH', `/api/calendars/${created.body.extendedProps.calendarId}/events/${created.body.id}`, {
      token,
      ifMatch: `"${created.body.extendedProps.version}"`,
      body: { extendedProps: { calendarId: engineering } },
    });
    expect(moved.status).toBe(200);

    await form.getByLabel('Title').fill('Offsite logistics, buses booked');
    // The old calendar's path no longer has it.
    const conflict = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await conflict).status()).toBe(404);
    await form.getByText('This event was changed by someone else.').waitFor();
    await expect.poll(() => form.getByLabel('Calendar').inputValue()).toBe(engineering);

    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await form.waitFor({ state: 'detached' });
    expect((await api.event(token, engineering, created.body.id)).title).toBe('Offsite logistics, buses booked');
  });
});
