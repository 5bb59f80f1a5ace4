import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { axeViolations } from './harness/axe.ts';
import { launchBrowser, newContext, TEST_TIME_ZONE } from './harness/browser.ts';
import { calendarEvent, dayCell, dragTo, localDate, signIn } from './harness/calendar-page.ts';
import { startServer, type AppServer } from './harness/server.ts';

let server: AppServer;
let browser: Browser;
let api: ApiDriver;
let page: Page;
let token: string;
let calendarId: string;
const today = localDate();
const tomorrow = localDate(1);

async function createEvent(title: string, hour: number): Promise<CalendarEvent> {
  const pad = String(hour).padStart(2, '0');
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, {
    token,
    body: { title, start: new Date(`${today}T${pad}:00`).toISOString(), end: new Date(`${today}T${pad}:30`).toISOString() },
  });
  expect(created.status).toBe(201);
  return created.body;
}

/**
 * Deletes a test's event once it is done with it: today's month cell has room for only so many events before it folds
 * them under "+ more", where a later test could not reach its own.
 */
async function remove(eventId: string, version: number): Promise<void> {
  const gone = await api.request('DELETE', `/api/calendars/${calendarId}/events/${eventId}`, { token, ifMatch: `"${version}"` });
  expect(gone.status).toBe(204);
}

/** The toast that says `text`, with its Undo. */
const toast = (text: string) => page.locator('[data-timer-status]').locator('xpath=..').filter({ hasText: text });

async function deleteThroughDetails(event: CalendarEvent): Promise<void> {
  await calendarEvent(dayCell(page, today), event.id).click();
  const details = page.getByRole('dialog', { name: event.title });
  await details.getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
  await confirm.getByText(/restore it from the calendar’s trash for 30 days/).waitFor();
  const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  expect((await deleted).status()).toBe(204);
  await details.waitFor({ state: 'detached' });
  await calendarEvent(page, event.id).waitFor({ state: 'detached' });
}

/** Drags an event from today to tomorrow and waits for its save. */
async function moveToTomorrow(event: CalendarEvent): Promise<void> {
  const saved = page.waitForResponse((response) => response.request().method() === 'PATCH');
  await dragTo(page, calendarEvent(dayCell(page, today), event.id), dayCell(page, tomorrow));
  await page.mouse.move(0, 0);
  expect((await saved).status()).toBe(200);
}

beforeAll(async () => {
  server = await startServer();
  api = new ApiDriver(server.baseUrl);
  token = await api.token('eddie');
  calendarId = await api.calendarId(token, 'Company');
  browser = await launchBrowser();
  page = await (await newContext(browser, server.baseUrl)).newPage();
  await signIn(page, /Eddie Editor/);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('Undo', () => {
  test('after a delete: Undo restores the event with its id, from the trash, and the calendar shows it again', async () => {
    const event = await createEvent(`Undo delete ${Date.now()}`, 9);
    await page.reload();
    await deleteThroughDetails(event);
    const offered = toast('Event deleted');
    const restored = page.waitForResponse((response) => response.url().endsWith(`/trash/${event.id}/restore`));
    await offered.getByRole('button', { name: 'Undo' }).click();
    const response = await restored;
    expect(response.status()).toBe(200);
    // The trash's ETag: the version the delete made.
    expect(response.request().headers()['if-match']).toBe(`"${event.extendedProps.version + 1}"`);
    await calendarEvent(dayCell(page, today), event.id).waitFor();
    const stored = await api.event(token, calendarId, event.id);
    expect(stored.extendedProps.version).toBe(event.extendedProps.version + 2);
    expect(stored.title).toBe(event.title);
    await remove(event.id, stored.extendedProps.version);
  });

  test('after deleting all of a series: Undo brings the series back, every occurrence with it', async () => {
    const created = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, {
      token,
      body: {
        title: `Undo series ${Date.now()}`,
        start: new Date(`${today}T07:00`).toISOString(),
        end: new Date(`${today}T07:30`).toISOString(),
        rrule: 'FREQ=DAILY;COUNT=2',
        extendedProps: { timeZone: TEST_TIME_ZONE },
      },
    });
    expect(created.status).toBe(201);
    const series = created.body;
    const occurrences = page.locator(`[data-event-id^="${series.id}:"]`);
    await page.reload();
    await occurrences.first().click();
    await page.getByRole('dialog', { name: series.title }).getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('dialog', { name: 'Delete recurring event' });
    await question.getByRole('radio', { name: 'All events' }).check();
    await question.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => occurrences.count()).toBe(0);
    const restored = page.waitForResponse((response) => response.url().endsWith(`/trash/${series.id}/restore`));
    await toast('Events deleted').getByRole('button', { name: 'Undo' }).click();
    expect((await restored).status()).toBe(200);
    await expect.poll(() => occurrences.count()).toBe(2);
    await remove(series.id, series.extendedProps.version + 2);
  });

  /** A daily series of three at `hour` from yesterday, made through the API; today's is the second occurrence. */
  async function dailySeries(title: string, hour: number): Promise<CalendarEvent> {
    const pad = String(hour).padStart(2, '0');
    const yesterday = localDate(-1);
    const created = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, {
      token,
      body: { title, start: `${yesterday}T${pad}:00:00`, end: `${yesterday}T${pad}:30:00`, rrule: 'FREQ=DAILY;COUNT=3', extendedProps: { timeZone: TEST_TIME_ZONE } },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  /** Deletes today's occurrence of the series from its details, for the scope chosen. */
  async function deleteTodays(series: CalendarEvent, scope: 'This event' | 'This and following events'): Promise<string> {
    const occurrenceId = `${series.id}:${new Date(Date.parse(series.start) + 86_400_000).toISOString()}`;
    await page.goto(`/?eventId=${encodeURIComponent(occurrenceId)}`);
    const details = page.getByRole('dialog', { name: series.title });
    await details.getByText(/^Daily/).waitFor();
    await details.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('dialog', { name: 'Delete recurring event' });
    await question.getByRole('radio', { name: scope }).check();
    const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE');
    await question.getByRole('button', { name: 'OK' }).click();
    expect((await deleted).status()).toBe(204);
    await details.waitFor({ state: 'detached' });
    await calendarEvent(page, occurrenceId).waitFor({ state: 'detached' });
    return occurrenceId;
  }

  const isRestore = (scope: string) => (response: { url(): string; request(): { method(): string } }) =>
    response.request().method() === 'POST' && response.url().includes('/restore?scope=' + scope);

  test('after deleting one occurrence: Undo brings it back, over the version the delete made', async () => {
    const series = await dailySeries(`Undo occurrence ${Date.now()}`, 6);
    const occurrenceId = await deleteTodays(series, 'This event');
    const restored = page.waitForResponse(isRestore('this'));
    await toast('Event deleted').getByRole('button', { name: 'Undo' }).click();
    const response = await restored;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['if-match']).toBe(`"${series.extendedProps.version + 1}"`);
    await toast(`“${series.title}” restored`).waitFor();
    await calendarEvent(dayCell(page, today), occurrenceId).waitFor();
    const stored = await api.event(token, calendarId, series.id);
    expect(stored.exdate).toBeUndefined();
    await remove(series.id, stored.extendedProps.version);
  });

  test('after deleting "this and following": Undo gives the series back its end, every later occurrence with it', async () => {
    const series = await dailySeries(`Undo following ${Date.now()}`, 8);
    const occurrenceId = await deleteTodays(series, 'This and following events');
    expect((await api.event(token, calendarId, series.id)).rrule).toBe('FREQ=DAILY;COUNT=1');
    const restored = page.waitForResponse(isRestore('following'));
    await toast('Events deleted').getByRole('button', { name: 'Undo' }).click();
    expect((await restored).status()).toBe(200);
    await calendarEvent(dayCell(page, today), occurrenceId).waitFor();
    const stored = await api.event(token, calendarId, series.id);
    expect(stored.rrule).toBe(series.rrule);
    await remove(series.id, stored.extendedProps.version);
  });

  test('after deleting an occurrence someone else then changed the series: Undo says so and changes nothing', async () => {
    const series = await dailySeries(`Undo refused ${Date.now()}`, 10);
    await deleteTodays(series, 'This event');
    const changed = await api.request('PATCH', `/api/calendars/${calendarId}/events/${series.id}`, {
      token: await api.token('ada'),
      ifMatch: `"${series.extendedProps.version + 1}"`,
      body: { extendedProps: { location: 'Room 4' } },
    });
    expect(changed.status).toBe(200);
    const refused = page.waitForResponse(isRestore('this'));
    await toast('Event deleted').getByRole('button', { name: 'Undo' }).click();
    expect((await refused).status()).toBe(412);
    await toast(`“${series.title}” could not be restored`).getByText('The series was changed after the delete, so nothing was undone.', { exact: false }).waitFor();
    const stored = await api.event(token, calendarId, series.id);
    expect(stored.exdate).toHaveLength(1);
    await remove(series.id, stored.extendedProps.version);
  });

  test('by keyboard: Ctrl+Z takes the Undo offered, and the toast waits while it has focus; axe finds nothing in it', async () => {
    const event = await createEvent(`Undo by keys ${Date.now()}`, 12);
    await page.reload();
    await deleteThroughDetails(event);
    const offered = toast('Event deleted');
    const undo = offered.getByRole('button', { name: 'Undo' });
    // Fluent's timer of the toast: paused while the toast has focus, running again once focus leaves.
    const timer = () => offered.locator('[data-timer-status]').getAttribute('data-timer-status');
    await undo.focus();
    await expect.poll(timer).toBe('paused');
    for (const media of [{ colorScheme: 'light' }, { colorScheme: 'dark' }, { colorScheme: 'light', forcedColors: 'active' }] as const) {
      await page.emulateMedia(media);
      expect(await axeViolations(page, { include: '[role=listitem]:has(> [data-timer-status])' }), JSON.stringify(media)).toEqual([]);
    }
    await page.emulateMedia({ colorScheme: 'light', forcedColors: 'none' });
    await undo.evaluate((button: HTMLElement) => button.blur());
    await expect.poll(timer).toBe('running');
    await page.keyboard.press('Control+z');
    await calendarEvent(dayCell(page, today), event.id).waitFor();
    await offered.waitFor({ state: 'detached' });
    await remove(event.id, event.extendedProps.version + 2);
  });

  test('after a drag: Undo puts the event back where it was, over the version the drag made', async () => {
    const event = await createEvent(`Undo move ${Date.now()}`, 15);
    await page.reload();
    await moveToTomorrow(event);
    await calendarEvent(dayCell(page, tomorrow), event.id).waitFor();
    const undone = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await toast(`“${event.title}” moved`).getByRole('button', { name: 'Undo' }).click();
    const response = await undone;
    expect(response.status()).toBe(200);
    expect(response.request().headers()['if-match']).toBe(`"${event.extendedProps.version + 1}"`);
    await calendarEvent(dayCell(page, today), event.id).waitFor();
    const stored = await api.event(token, calendarId, event.id);
    expect(Date.parse(stored.start)).toBe(Date.parse(event.start));
    expect(Date.parse(stored.end)).toBe(Date.parse(event.end));
    await remove(event.id, stored.extendedProps.version);
  });

  test('after a drag someone else changed the event: Undo gets the usual conflict message and the latest shows', async () => {
    const event = await createEvent(`Undo conflict ${Date.now()}`, 17);
    await page.reload();
    await moveToTomorrow(event);
    const changed = await api.request('PATCH', `/api/calendars/${calendarId}/events/${event.id}`, {
      token: await api.token('ada'),
      ifMatch: `"${event.extendedProps.version + 1}"`,
      body: { title: `${event.title} (renamed)` },
    });
    expect(changed.status).toBe(200);
    const refused = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await toast(`“${event.title}” moved`).getByRole('button', { name: 'Undo' }).click();
    expect((await refused).status()).toBe(412);
    await page.getByText('This event was changed by someone else').first().waitFor();
    await expect.poll(() => calendarEvent(dayCell(page, tomorrow), event.id).textContent()).toContain('(renamed)');
  });
});
