import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { launchBrowser, newContext } from './harness/browser.ts';
import { calendarEvent, dayCell, dragTo, localDate, signIn } from './harness/calendar-page.ts';
import { startServer, type AppServer } from './harness/server.ts';

let server: AppServer;
let browser: Browser;
let page: Page;
let api: ApiDriver;

beforeAll(async () => {
  server = await startServer();
  api = new ApiDriver(server.baseUrl);
  browser = await launchBrowser();
  page = await (await newContext(browser, server.baseUrl)).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('creating and moving an event', () => {
  const title = `Release planning ${Date.now()}`;
  const today = localDate();
  const tomorrow = localDate(1);
  let created: CalendarEvent;

  test('Eddie creates an event through the form and sees it on the calendar', async () => {
    await signIn(page, /Eddie Editor/);
    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Calendar').selectOption({ label: 'Company' });
    await form.getByLabel('Start date').fill(today);
    await form.getByLabel('Start time').fill('10:00');
    await form.getByLabel('End date').fill(today);
    await form.getByLabel('End time').fill('11:00');
    await form.getByLabel('Location').fill('Room 2');

    const posted = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/events'));
    await form.getByRole('button', { name: 'Create' }).click();
    const response = await posted;
    expect(response.status()).toBe(201);
    created = (await response.json()) as CalendarEvent;
    expect(created.extendedProps.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(new Date(created.start).getTime()).toBe(new Date(`${today}T10:00`).getTime());

    await form.waitFor({ state: 'detached' });
    await calendarEvent(dayCell(page, today), created.id).waitFor();
    expect(await calendarEvent(dayCell(page, today), created.id).textContent()).toContain(title);
  });

  test('Eddie drags it to the next day, and after a reload it is still there', async () => {
    const patched = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await dragTo(page, calendarEvent(dayCell(page, today), created.id), dayCell(page, tomorrow));
    const response = await patched;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['if-match']).toBe(`"${created.extendedProps.version}"`);

    await page.reload();
    await calendarEvent(dayCell(page, tomorrow), created.id).waitFor();
    expect(await calendarEvent(dayCell(page, today), created.id).count()).toBe(0);

    const stored = await api.event(await api.token('eddie'), created.extendedProps.calendarId, created.id);
    expect(new Date(stored.start).getTime()).toBe(new Date(`${tomorrow}T10:00`).getTime());
    expect(new Date(stored.end).getTime()).toBe(new Date(`${tomorrow}T11:00`).getTime());
    expect(stored.extendedProps.version).toBeGreaterThan(created.extendedProps.version);
    expect(stored.extendedProps.location).toBe('Room 2');
  });
});
