import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { launchBrowser, newContext } from './harness/browser.ts';
import { calendarEvent, dayCell, dragTo, localDate, signIn } from './harness/calendar-page.ts';
import { startServer, type AppServer } from './harness/server.ts';
import { typeInto } from './harness/event-form.ts';

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
  const link = 'https://example.com/release-plan';
  let created: CalendarEvent;

  test('Eddie creates an event through the form and sees it on the calendar', async () => {
    await signIn(page, /Eddie Editor/);
    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Calendar').selectOption({ label: 'Company' });
    await typeInto(form.getByRole('combobox', { name: 'Start date' }), today);
    await typeInto(form.getByRole('combobox', { name: 'Start time' }), '10:00');
    await typeInto(form.getByRole('combobox', { name: 'End date' }), today);
    await typeInto(form.getByRole('combobox', { name: 'End time' }), '11:00');
    await form.getByLabel('Location').fill('Room 2');
    await form.getByRole('textbox', { name: 'Link', exact: true }).fill(link);

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
    // The link is for the details dialog only: on the calendar it would be followed unchecked on a middle-click.
    expect(created.url).toBe(link);
    expect(await page.locator(`a[href="${link}"]`).count()).toBe(0);
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

  test('two quick drags: the first one failing still goes back and says so', async () => {
    const token = await api.token('eddie');
    const calendarId = await api.calendarId(token, 'Company');
    const first = await createEvent(token, calendarId, `First drag ${Date.now()}`);
    const second = await createEvent(token, calendarId, `Second drag ${Date.now()}`);
    await page.reload();
    await calendarEvent(dayCell(page, today), second.id).waitFor();

    // The first save is held until the second has been sent, then fails: it settles after the second started.
    let secondSent: () => void = () => undefined;
    const bothSent = new Promise<void>((resolve) => (secondSent = resolve));
    let patches = 0;
    await page.route(isEventWrite, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      patches += 1;
      if (patches > 1) {
        secondSent();
        return route.fallback();
      }
      await bothSent;
      return route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ title: 'Server broke', status: 500 }) });
    });
    try {
      await drop(calendarEvent(dayCell(page, today), first.id), dayCell(page, tomorrow));
      await drop(calendarEvent(dayCell(page, today), second.id), dayCell(page, tomorrow));
      // .first(): the toaster also announces it in a live region.
      await page.getByText(`“${first.title}” could not be moved`).first().waitFor();
      await calendarEvent(dayCell(page, today), first.id).waitFor();
      await calendarEvent(dayCell(page, tomorrow), second.id).waitFor();
    } finally {
      await page.unroute(isEventWrite);
    }
  });

  test('dragging one event twice before the calendar reloads sends the version the first drag made', async () => {
    const token = await api.token('eddie');
    const event = await createEvent(token, await api.calendarId(token, 'Company'), `Dragged twice ${Date.now()}`);
    await page.reload();
    await calendarEvent(dayCell(page, today), event.id).waitFor();

    // No reload of the calendar's events until both drags are saved: the version must come from the first save.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const isEventList = (url: URL) => url.pathname === '/api/events';
    await page.route(isEventList, async (route) => {
      await released;
      await route.fallback();
    });
    try {
      const firstSave = page.waitForResponse((response) => response.request().method() === 'PATCH');
      await drop(calendarEvent(dayCell(page, today), event.id), dayCell(page, tomorrow));
      expect((await firstSave).status()).toBe(200);
      const secondSave = page.waitForResponse((response) => response.request().method() === 'PATCH');
      await drop(calendarEvent(dayCell(page, tomorrow), event.id), dayCell(page, today));
      const response = await secondSave;
      expect(response.request().headers()['if-match']).toBe(`"${event.extendedProps.version + 1}"`);
      expect(response.status()).toBe(200);
    } finally {
      release();
      await page.unroute(isEventList);
    }
    const stored = await api.event(token, event.extendedProps.calendarId, event.id);
    expect(new Date(stored.start).getTime()).toBe(new Date(event.start).getTime());
    expect(stored.extendedProps.version).toBe(event.extendedProps.version + 2);
  });
});

/** Drags an event and waits until its save has been sent. */
async function drop(from: Locator, to: Locator): Promise<void> {
  const sent = page.waitForRequest((request) => request.method() === 'PATCH');
  await dragTo(page, from, to);
  // FullCalendar ends a drop on the next animation frame, which headless Chromium only draws when something changes.
  await page.mouse.move(0, 0);
  await sent;
}

function isEventWrite(url: URL): boolean {
  return url.pathname.startsWith('/api/calendars/') && url.pathname.includes('/events/');
}

async function createEvent(token: string, calendarId: string, title: string): Promise<CalendarEvent> {
  const today = localDate();
  const result = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, {
    token,
    body: { title, start: new Date(`${today}T13:00`).toISOString(), end: new Date(`${today}T14:00`).toISOString() },
  });
  expect(result.status).toBe(201);
  return result.body;
}
