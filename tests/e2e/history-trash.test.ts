import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { HISTORY_PAGE_DEFAULT } from '../../src/shared/limits.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations, DIALOGS } from './harness/axe.ts';
import { newContext, TEST_TIME_ZONE } from './harness/browser.ts';
import { calendarEvent, calendarRowAction, localDate, signIn } from './harness/calendar-page.ts';

const app = useAppAndBrowser();
const suffix = Date.now().toString(36);

/** A Sunday months ahead: no demo event there, so the day view shows ours alone. */
function quietSunday(): string {
  for (let days = 120; ; days++) if (new Date(`${localDate(days)}T12:00`).getDay() === 0) return localDate(days);
}
const day = quietSunday();

let api: ApiDriver;
let eddie: string;
let companyId: string;
// Ada (an admin, so an editor of every calendar too), signed in once for the file.
let page: Page;

beforeAll(async () => {
  api = new ApiDriver(app.server.baseUrl);
  eddie = await api.token('eddie');
  companyId = await api.calendarId(eddie, 'Company');
  page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
  await signIn(page, /Ada Admin/);
});

afterAll(() => page?.context().close());

function eddiesEventBody(title: string, hour: number) {
  const at = (h: number) => new Date(`${day}T${String(h).padStart(2, '0')}:00`).toISOString();
  return { title, start: at(hour), end: at(hour + 1) };
}

async function eddiesEvent(title: string, hour: number): Promise<CalendarEvent> {
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${companyId}/events`, { token: eddie, body: eddiesEventBody(title, hour) });
  expect(created.status).toBe(201);
  return created.body;
}

async function deleteEvent(event: CalendarEvent): Promise<void> {
  const deleted = await api.request('DELETE', `/api/calendars/${companyId}/events/${event.id}`, { token: eddie, ifMatch: `"${event.extendedProps.version}"` });
  expect(deleted.status).toBe(204);
}

/** A toast's words: .first(), as the toaster also announces them in a live region. */
const toast = (text: string) => page.getByText(text).first().waitFor();

const focusInDialog = () => page.evaluate(() => document.activeElement?.closest('[role=dialog]') != null);

/** Axe finds nothing in the open dialogs, in the light and dark schemes and with forced colours. */
async function expectAccessibleDialogs(where: string): Promise<void> {
  for (const media of [{ colorScheme: 'light' }, { colorScheme: 'dark' }, { colorScheme: 'light', forcedColors: 'active' }] as const) {
    await page.emulateMedia(media);
    expect(await axeViolations(page, { include: DIALOGS }), `${where}, ${JSON.stringify(media)}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light', forcedColors: 'none' });
}

async function openManageCalendars() {
  await page.getByRole('button', { name: 'Manage calendars' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage calendars' });
  await dialog.waitFor();
  return dialog;
}

describe('history, activity and trash', () => {
  test('the History tab says who changed what, newest first', async () => {
    const event = await eddiesEvent(`Budget review ${suffix}`, 9);
    const moved = await api.request('PATCH', `/api/calendars/${companyId}/events/${event.id}`, {
      token: eddie,
      ifMatch: `"${event.extendedProps.version}"`,
      body: { start: new Date(`${day}T10:00`).toISOString(), end: new Date(`${day}T11:00`).toISOString() },
    });
    expect(moved.status).toBe(200);

    await page.goto(`/?eventId=${event.id}`);
    const details = page.getByRole('dialog', { name: event.title });
    await details.getByRole('tab', { name: 'History' }).click();
    const entries = details.getByRole('tabpanel').getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toMatch(/^Eddie Editor changed the time from 9:00.*10:00.* to 10:00.*11:00/);
    expect(await entries.nth(1).textContent()).toMatch(/^Eddie Editor created this event/);
    // The full date and time are the relative time's title.
    expect(await entries.nth(0).locator('time').getAttribute('title')).toMatch(/\d{4}/);
    await expectAccessibleDialogs('History tab');
  });

  test('a long history comes a page at a time, “Show more” bringing the rest', async () => {
    let event = await eddiesEvent(`Renamed often ${suffix}`, 7);
    for (let n = 1; n <= HISTORY_PAGE_DEFAULT; n++) {
      const renamed = await api.request<CalendarEvent>('PATCH', `/api/calendars/${companyId}/events/${event.id}`, {
        token: eddie,
        ifMatch: `"${event.extendedProps.version}"`,
        body: { title: `Renamed often ${n} ${suffix}` },
      });
      expect(renamed.status).toBe(200);
      event = renamed.body;
    }
    await page.goto(`/?eventId=${event.id}`);
    const details = page.getByRole('dialog', { name: event.title });
    await details.getByRole('tab', { name: 'History' }).click();
    const entries = details.getByRole('tabpanel').getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(HISTORY_PAGE_DEFAULT);
    await details.getByRole('button', { name: 'Show more' }).click();
    await expect.poll(() => entries.count()).toBe(HISTORY_PAGE_DEFAULT + 1);
    expect(await entries.last().textContent()).toMatch(/^Eddie Editor created this event/);
    await details.getByRole('button', { name: 'Show more' }).waitFor({ state: 'detached' });
  });

  test('an occurrence’s History tab is its series’, saying how much of it each change was made to', async () => {
    const created = await api.request<CalendarEvent>('POST', `/api/calendars/${companyId}/events`, {
      token: eddie,
      body: { ...eddiesEventBody(`Retro ${suffix}`, 11), rrule: 'FREQ=WEEKLY;COUNT=4', extendedProps: { timeZone: TEST_TIME_ZONE } },
    });
    expect(created.status).toBe(201);
    const series = created.body;
    const recurrenceId = new Date(series.start).toISOString();
    const renamed = await api.request('PATCH', `/api/calendars/${companyId}/events/${series.id}/occurrences/${recurrenceId}?scope=this`, {
      token: eddie,
      ifMatch: `"${series.extendedProps.version}"`,
      body: { title: `Retro, with cake ${suffix}` },
    });
    expect(renamed.status).toBe(200);

    await page.goto(`/?eventId=${encodeURIComponent(`${series.id}:${recurrenceId}`)}`);
    const details = page.getByRole('dialog', { name: `Retro, with cake ${suffix}` });
    await details.getByRole('tab', { name: 'History' }).click();
    const entries = details.getByRole('tabpanel').getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toMatch(/^Eddie Editor changed the occurrence on .*11:00.*This occurrence \(.*11:00.*\)/);
    expect(await entries.nth(1).textContent()).toMatch(/^Eddie Editor created this series/);
  });

  test('a deleted event waits in its calendar’s trash (one deleted meanwhile comes in live): restored, it is back in the calendar; an admin deletes another for good', async () => {
    const [kept, purged] = [await eddiesEvent(`Offsite ${suffix}`, 13), await eddiesEvent(`Old plan ${suffix}`, 15)];
    await deleteEvent(kept);
    const series = await api.request<CalendarEvent>('POST', `/api/calendars/${companyId}/events`, {
      token: eddie,
      body: { ...eddiesEventBody(`Weekly sync ${suffix}`, 17), rrule: 'FREQ=WEEKLY;COUNT=3', extendedProps: { timeZone: TEST_TIME_ZONE } },
    });
    expect(series.status).toBe(201);
    await deleteEvent(series.body);
    await page.goto(`/?view=day&date=${day}`);
    // From the calendar's menu in the side panel, as from Manage calendars below.
    await page.getByRole('region', { name: 'Calendars' }).getByRole('button', { name: 'More actions for Company' }).click();
    await page.getByRole('menuitem', { name: 'Deleted events…' }).click();
    const fromMenu = page.getByRole('dialog', { name: 'Deleted events of Company' });
    await fromMenu.getByText(kept.title).waitFor();
    expect(await axeViolations(page, { include: DIALOGS })).toEqual([]);
    await page.keyboard.press('Escape');
    await fromMenu.waitFor({ state: 'detached' });
    const dialog = await openManageCalendars();
    await calendarRowAction(dialog, 'Company', 'Deleted events…');
    const trash = page.getByRole('dialog', { name: 'Deleted events of Company' });
    await trash.getByText(kept.title).waitFor();
    await trash.getByText(/^Deleted by Eddie Editor$/).first().waitFor();
    // A series says how it repeated.
    await trash.locator(`[data-trash-id="${series.body.id}"]`).getByText('Weekly on Sunday, 3 times').waitFor();
    await expectAccessibleDialogs('Deleted events');
    // Deleted by Eddie while Ada has the trash open: the live stream brings it in.
    await deleteEvent(purged);
    await trash.getByText(purged.title).waitFor();

    await trash.getByRole('button', { name: `Restore ${kept.title}` }).click();
    await toast(`“${kept.title}” restored`);
    // The calendar behind the dialog shows it again, with the same id.
    await calendarEvent(page, kept.id).waitFor({ state: 'attached' });
    expect(await trash.getByText(kept.title).count()).toBe(0);
    // Its row went with the button that had focus: focus stays in the dialog, so Esc still closes it.
    await expect.poll(focusInDialog).toBe(true);

    await trash.getByRole('button', { name: `Delete ${purged.title} for good` }).click();
    const confirm = page.getByRole('alertdialog', { name: `Delete “${purged.title}” for good?` });
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await toast(`“${purged.title}” deleted for good`);
    expect(await trash.getByText(purged.title).count()).toBe(0);
    await expect.poll(focusInDialog).toBe(true);
    const left = await api.request<{ entries: { id: string }[] }>('GET', `/api/calendars/${companyId}/trash`, { token: eddie });
    expect(left.body.entries.map((entry) => entry.id)).not.toContain(purged.id);
    await trash.getByRole('button', { name: 'Back to calendars' }).click();
    await page.keyboard.press('Escape');
  });

  test('an admin restores a deleted calendar with its events, and reads a calendar’s activity by person', async () => {
    const ada = await api.token('ada');
    const created = await api.request<{ id: string; name: string; version: number }>('POST', '/api/calendars', {
      token: ada,
      body: { name: `Projects ${suffix}`, color: '#8F3BB8' },
    });
    expect(created.status).toBe(201);
    const calendar = created.body;
    expect((await api.request('DELETE', `/api/calendars/${calendar.id}`, { token: ada, ifMatch: `"${calendar.version}"` })).status).toBe(204);

    await page.goto('/');
    const dialog = await openManageCalendars();
    await dialog.getByRole('button', { name: 'Deleted calendars' }).click();
    const trash = page.getByRole('dialog', { name: 'Deleted calendars' });
    await trash.getByText(calendar.name).waitFor();
    await expectAccessibleDialogs('Deleted calendars');
    await trash.getByRole('button', { name: `Restore ${calendar.name} with its events` }).click();
    await toast(`${calendar.name} restored with its events`);
    await trash.getByRole('button', { name: 'Back to calendars' }).click();
    await dialog.getByText(calendar.name).waitFor();

    await calendarRowAction(dialog, 'Company', 'Activity…');
    const activity = page.getByRole('dialog', { name: 'Activity in Company' });
    const entries = activity.getByRole('listitem');
    await entries.first().waitFor();
    await activity.getByRole('combobox', { name: 'Person' }).selectOption({ label: 'Eddie Editor' });
    await expect.poll(async () => (await entries.allTextContents()).every((text) => /Eddie Editor /.test(text))).toBe(true);
    // Eddie's changes of this file are there, each under the event's title.
    await activity.getByText(`Offsite ${suffix}`).first().waitFor();
    await activity.getByText('Eddie Editor deleted this event').first().waitFor();
    // From tomorrow on, nothing has happened yet.
    await activity.getByLabel('From').fill(localDate(1));
    await activity.getByText('No changes match.').waitFor();
    await activity.getByLabel('From').fill(localDate(0));
    await entries.first().waitFor();
    await expectAccessibleDialogs('Activity');
  });
});
