import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { axeViolations, DIALOGS } from './harness/axe.ts';
import { launchBrowser, newContext } from './harness/browser.ts';
import { calendarEvent, dayCell, dragTo, localDate, signIn } from './harness/calendar-page.ts';
import { startServer, type AppServer } from './harness/server.ts';

let server: AppServer;
let browser: Browser;
let api: ApiDriver;
// Two people on one server, each in a browser context of their own: Eddie changes, Ada watches.
let eddie: Page;
let ada: Page;
let event: CalendarEvent;
const today = localDate();
/** Light, dark and forced colours: the app's themes for each, read by axe. */
const MEDIA = [{ colorScheme: 'light' }, { colorScheme: 'dark' }, { colorScheme: 'light', forcedColors: 'active' }] as const;
const tomorrow = localDate(1);

/** Signs a page in and waits for its live stream to open, so that it hears every change from then on. */
async function signInLive(page: Page, name: RegExp): Promise<void> {
  const streamOpen = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/changes');
  await signIn(page, name);
  expect((await streamOpen).headers()['content-type']).toMatch(/^text\/event-stream/);
}

beforeAll(async () => {
  server = await startServer();
  api = new ApiDriver(server.baseUrl);
  browser = await launchBrowser();
  const token = await api.token('eddie');
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${await api.calendarId(token, 'Company')}/events`, {
    token,
    body: { title: `Board review ${Date.now()}`, start: new Date(`${today}T10:00`).toISOString(), end: new Date(`${today}T11:00`).toISOString() },
  });
  expect(created.status).toBe(201);
  event = created.body;
  const newPage = async () => (await newContext(browser, server.baseUrl)).newPage();
  [eddie, ada] = await Promise.all([newPage(), newPage()]);
  await Promise.all([signInLive(eddie, /Eddie Editor/), signInLive(ada, /Ada Admin/)]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('live updates between two people', () => {
  test('Eddie drags an event to tomorrow: Ada sees it there without a reload, marked as updated by Eddie', async () => {
    await calendarEvent(dayCell(ada, today), event.id).waitFor();
    const saved = eddie.waitForResponse((response) => response.request().method() === 'PATCH');
    await dragTo(eddie, calendarEvent(dayCell(eddie, today), event.id), dayCell(eddie, tomorrow));
    await eddie.mouse.move(0, 0);
    expect((await saved).status()).toBe(200);
    const savedAt = Date.now();

    const moved = calendarEvent(dayCell(ada, tomorrow), event.id);
    await moved.waitFor();
    const shownAfterMs = Date.now() - savedAt;
    console.info(`live update: Eddie's move shown on Ada's page ${shownAfterMs} ms after its save answered`);
    expect(shownAfterMs).toBeLessThan(3_000);
    expect(await calendarEvent(dayCell(ada, today), event.id).count()).toBe(0);
    // The hint is part of the event's name, for screen readers too.
    await expect.poll(() => moved.ariaSnapshot()).toContain('Updated by Eddie Editor');
    for (const media of MEDIA) {
      await ada.emulateMedia(media);
      expect(await axeViolations(ada, { include: `[data-event-id="${event.id}"]` }), JSON.stringify(media)).toEqual([]);
    }
    await ada.emulateMedia({ colorScheme: 'light', forcedColors: 'none' });
    // Eddie's own page marks nothing: it was his change.
    expect(await eddie.getByText('Updated by Eddie Editor').count()).toBe(0);
  });

  test('Ada has the event open in the day view: Eddie changes it, the dialog says so and shows the latest when asked', async () => {
    await ada.bringToFront();
    // Tomorrow's day view, without a reload (the stream stays open): there the hint shows below the title.
    await ada.getByRole('tab', { name: 'Day' }).click();
    await ada.locator('.cc-calendar').getByRole('button', { name: 'Next day' }).click();
    const shown = calendarEvent(dayCell(ada, tomorrow), event.id);
    await shown.click();
    const details = ada.getByRole('dialog', { name: event.title });
    await details.getByRole('button', { name: 'Edit' }).waitFor();
    const token = await api.token('eddie');
    const current = await api.event(token, event.extendedProps.calendarId, event.id);
    const changed = await api.request('PATCH', `/api/calendars/${event.extendedProps.calendarId}/events/${event.id}`, {
      token,
      ifMatch: `"${current.extendedProps.version}"`,
      body: { extendedProps: { location: 'Boardroom 4' } },
    });
    expect(changed.status).toBe(200);

    await details.getByText('Eddie Editor changed this event').waitFor();
    // Behind the dialog the event shows who changed it, readable in every theme while it lasts.
    await shown.getByText('Updated by Eddie Editor').waitFor();
    for (const media of MEDIA) {
      await ada.emulateMedia(media);
      expect(await axeViolations(ada, { include: `[data-event-id="${event.id}"]` }), JSON.stringify(media)).toEqual([]);
    }
    expect(await details.getByText('Boardroom 4').count()).toBe(0);
    for (const media of MEDIA) {
      await ada.emulateMedia(media);
      expect(await axeViolations(ada, { include: DIALOGS }), JSON.stringify(media)).toEqual([]);
    }
    await ada.emulateMedia({ colorScheme: 'light', forcedColors: 'none' });
    await details.getByRole('button', { name: 'Show latest' }).click();
    await details.getByText('Boardroom 4').waitFor();
    expect(await details.getByText('Eddie Editor changed this event').count()).toBe(0);
  });

  test('Ada is editing it: Eddie changes it meanwhile, and her form keeps what she typed and what it had', async () => {
    await ada.getByRole('dialog', { name: event.title }).getByRole('button', { name: 'Edit' }).click();
    const form = ada.getByRole('dialog', { name: 'Edit event' });
    await form.getByLabel('Title').fill('Board review, agenda attached');
    const token = await api.token('eddie');
    const current = await api.event(token, event.extendedProps.calendarId, event.id);
    // The calendar behind the form takes the change in: then the form has had every chance to be touched.
    const refreshed = ada.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
    const changed = await api.request('PATCH', `/api/calendars/${event.extendedProps.calendarId}/events/${event.id}`, {
      token,
      ifMatch: `"${current.extendedProps.version}"`,
      body: { extendedProps: { location: 'Boardroom 5' } },
    });
    expect(changed.status).toBe(200);
    await refreshed;
    expect(await form.getByLabel('Title').inputValue()).toBe('Board review, agenda attached');
    expect(await form.getByLabel('Location').inputValue()).toBe('Boardroom 4');
    // Her title is changed: leaving asks first.
    await form.getByRole('button', { name: 'Cancel' }).click();
    await ada.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await form.waitFor({ state: 'detached' });
    await calendarEvent(dayCell(ada, tomorrow), event.id).click();
    await ada.getByRole('dialog', { name: event.title }).getByText('Boardroom 5').waitFor();
  });

  test('Eddie deletes it while Ada has it open: the dialog says so, and it can no longer be edited', async () => {
    const token = await api.token('eddie');
    const current = await api.event(token, event.extendedProps.calendarId, event.id);
    const deleted = await api.request('DELETE', `/api/calendars/${event.extendedProps.calendarId}/events/${event.id}`, {
      token,
      ifMatch: `"${current.extendedProps.version}"`,
    });
    expect(deleted.status).toBe(204);
    const details = ada.getByRole('dialog', { name: event.title });
    await details.getByText('Eddie Editor deleted this event').waitFor();
    expect(await details.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    expect(await details.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    // Behind the dialog, the calendar no longer shows it.
    await calendarEvent(ada, event.id).waitFor({ state: 'detached' });
  });
});
