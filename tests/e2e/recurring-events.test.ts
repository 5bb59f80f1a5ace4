import type { Browser, Locator, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { axeViolations } from './harness/axe.ts';
import { launchBrowser, newContext, TEST_TIME_ZONE } from './harness/browser.ts';
import {
  calendarEvent,
  dayCell,
  dragDown,
  dragTo,
  localDate,
  resizeEndBy,
  signIn,
  timeGridDistance,
} from './harness/calendar-page.ts';
import { startServer, type AppServer } from './harness/server.ts';
import { shownDate, shownValue, typeInto } from './harness/event-form.ts';

let server: AppServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await (await newContext(browser, server.baseUrl)).newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The occurrences of a series shown in a scope, by the feed's ids (`{seriesId}:{recurrenceId}`). */
function occurrencesOf(scope: Page | Locator, seriesId: string): Locator {
  return scope.locator(`[data-event-id^="${seriesId}:"]`);
}

const isOccurrenceWrite = (method: string, scope: string) => (request: Request) =>
  request.method() === method && request.url().includes('/occurrences/') && request.url().includes(`scope=${scope}`);

// Today's weekday in the month's first week: with no end, the series then has occurrences on three dates of this
// month's grid and one in this week.
const today = localDate();
const firstWeek = -7 * Math.floor((Number(today.slice(8, 10)) - 1) / 7);
const [first, second, third] = [0, 7, 14].map((days) => localDate(firstWeek + days)) as [string, string, string];
const dayAfterSecond = localDate(firstWeek + 8);

describe('a weekly series through the web app', () => {
  const title = `Team sync ${Date.now()}`;
  let series: CalendarEvent;

  test('Eddie creates it with the Repeat control and sees its occurrences in month and week views', async () => {
    await signIn(page, /Eddie Editor/);
    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Calendar').selectOption({ label: 'Company' });
    await typeInto(form.getByRole('combobox', { name: 'Start date' }), first);
    await typeInto(form.getByRole('combobox', { name: 'Start time' }), '10:00');
    await typeInto(form.getByRole('combobox', { name: 'End date' }), first);
    await typeInto(form.getByRole('combobox', { name: 'End time' }), '11:00');
    const repeat = form.getByRole('combobox', { name: 'Repeat', exact: true });
    expect(await repeat.inputValue()).toBe('none');
    await repeat.selectOption('weekly');
    await form.getByRole('status').filter({ hasText: /^Weekly on / }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const posted = page.waitForResponse((response) => response.request().method() === 'POST' && response.url().includes('/events'));
    await form.getByRole('button', { name: 'Create' }).click();
    const response = await posted;
    expect(response.status()).toBe(201);
    series = (await response.json()) as CalendarEvent;
    expect(series.rrule).toMatch(/^FREQ=WEEKLY\b/);
    expect(series.extendedProps.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    for (const date of [first, second, third]) await occurrencesOf(dayCell(page, date), series.id).waitFor();
    expect(await occurrencesOf(dayCell(page, localDate(firstWeek + 1)), series.id).count()).toBe(0);

    await page.getByRole('tab', { name: 'Week' }).click();
    await occurrencesOf(page, series.id).waitFor();
    expect(await occurrencesOf(page, series.id).count()).toBe(1);
    await page.getByRole('tab', { name: 'Month' }).click();
    await occurrencesOf(dayCell(page, first), series.id).waitFor();
  });

  test('a drag cancelled at the scope question goes back, and nothing is saved', async () => {
    const writes: string[] = [];
    const record = (request: Request) => void (request.method() === 'PATCH' && writes.push(request.url()));
    page.on('request', record);
    try {
      const occurrence = occurrencesOf(dayCell(page, third), series.id);
      await dragTo(page, occurrence, dayCell(page, localDate(firstWeek + 15)));
      const question = page.getByRole('dialog', { name: 'Move recurring event' });
      await question.waitFor();
      await page.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      await occurrence.waitFor();
      expect(await occurrencesOf(dayCell(page, localDate(firstWeek + 15)), series.id).count()).toBe(0);
    } finally {
      page.off('request', record);
    }
    expect(writes).toEqual([]);
  });

  test('dragging one occurrence and choosing "This event" moves only it, and it stays moved after a reload', async () => {
    const moved = occurrencesOf(dayCell(page, second), series.id);
    const movedId = await moved.getAttribute('data-event-id');
    await dragTo(page, moved, dayCell(page, dayAfterSecond));
    const question = page.getByRole('dialog', { name: 'Move recurring event' });
    await question.waitFor();
    expect(await question.getByRole('radio', { name: 'This event' }).isChecked()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);

    const patched = page.waitForResponse((response) => isOccurrenceWrite('PATCH', 'this')(response.request()));
    await question.getByRole('button', { name: 'OK' }).click();
    expect((await patched).status()).toBe(200);

    await page.reload();
    await dayCell(page, dayAfterSecond).locator(`[data-event-id="${movedId}"]`).waitFor();
    expect(await occurrencesOf(dayCell(page, second), series.id).count()).toBe(0);
    expect(await occurrencesOf(dayCell(page, first), series.id).count()).toBe(1);
    expect(await occurrencesOf(dayCell(page, third), series.id).count()).toBe(1);

    // Its details say so; an untouched occurrence's do not.
    for (const [date, changed] of [[dayAfterSecond, true], [first, false]] as const) {
      await occurrencesOf(dayCell(page, date), series.id).click();
      const details = page.getByRole('dialog', { name: title });
      await details.getByText(/^Weekly on /).waitFor();
      expect(await details.getByText('Changed from the series').count()).toBe(changed ? 1 : 0);
      await details.getByRole('button', { name: 'Close' }).click();
      await details.waitFor({ state: 'detached' });
    }
  });

  test('editing "This and following" renames the third and later occurrences, not the earlier ones', async () => {
    const renamed = `Renamed sync ${Date.now()}`;
    await occurrencesOf(dayCell(page, third), series.id).click();
    const details = page.getByRole('dialog', { name: title });
    await details.getByText(/^Weekly on /).waitFor();
    await details.getByRole('button', { name: 'Edit' }).click();
    const question = page.getByRole('dialog', { name: 'Edit recurring event' });
    await question.getByRole('radio', { name: 'This and following events' }).check();
    await question.getByRole('button', { name: 'OK' }).click();

    const form = page.getByRole('dialog', { name: 'Edit event' });
    // Occurrences leave their series' calendar alone; "this and following" may change the repeat (issue 28).
    expect(await form.getByLabel('Calendar').isDisabled()).toBe(true);
    expect(await form.getByRole('combobox', { name: 'Repeat', exact: true }).inputValue()).toBe('weekly');
    await form.getByLabel('Title').fill(renamed);
    const patched = page.waitForResponse((response) => isOccurrenceWrite('PATCH', 'following')(response.request()));
    await form.getByRole('button', { name: 'Save' }).click();
    const response = await patched;
    expect(response.status()).toBe(200);
    // The rule was not changed, so it is left to the split: the rest of the series' own.
    expect(Object.keys(response.request().postDataJSON() as object)).not.toContain('rrule');
    await form.waitFor({ state: 'detached' });

    await dayCell(page, third).locator('.cc-event', { hasText: renamed }).waitFor();
    expect(await occurrencesOf(dayCell(page, third), series.id).count()).toBe(0);
    for (const date of [first, dayAfterSecond]) {
      expect(await occurrencesOf(dayCell(page, date), series.id).textContent()).toContain(title);
      expect(await dayCell(page, date).locator('.cc-event', { hasText: renamed }).count()).toBe(0);
    }
  });

  test('"All events" edits the series with its rule, and a drag with it moves every occurrence', async () => {
    const renamedId = await dayCell(page, third).locator('.cc-event', { hasText: 'Renamed sync' }).getAttribute('data-event-id');
    const laterSeriesId = String(renamedId).slice(0, String(renamedId).indexOf(':'));
    const occurrence = occurrencesOf(dayCell(page, third), laterSeriesId);

    await occurrence.click();
    await page.getByRole('dialog', { name: /^Renamed sync/ }).getByRole('button', { name: 'Edit' }).click();
    const question = page.getByRole('dialog', { name: 'Edit recurring event' });
    await question.getByRole('radio', { name: 'All events' }).check();
    await question.getByRole('button', { name: 'OK' }).click();
    const form = page.getByRole('dialog', { name: 'Edit event' });
    expect(await form.getByRole('combobox', { name: 'Repeat', exact: true }).inputValue()).toBe('weekly');
    expect(await shownValue(form.getByRole('combobox', { name: 'Start date' }))).toBe(shownDate(third));
    expect(await form.getByLabel('Calendar').isDisabled()).toBe(false);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached' });

    const dayAfterThird = localDate(firstWeek + 15);
    await dragTo(page, occurrence, dayCell(page, dayAfterThird));
    const move = page.getByRole('dialog', { name: 'Move recurring event' });
    await move.getByRole('radio', { name: 'All events' }).check();
    const patched = page.waitForResponse(
      (response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname.endsWith(`/events/${laterSeriesId}`),
    );
    await move.getByRole('button', { name: 'OK' }).click();
    const response = await patched;
    expect(response.status()).toBe(200);
    const moved = (await response.json()) as CalendarEvent;
    expect(new Date(moved.start).getTime()).toBe(new Date(`${dayAfterThird}T10:00`).getTime());
    // After a reload, so what shows is the feed's, not the dropped event. Counted rather than waited for as
    // visible: a full day cell may show it under "+1 more".
    await page.reload();
    await occurrencesOf(dayCell(page, first), series.id).waitFor();
    await expect.poll(() => occurrencesOf(dayCell(page, dayAfterThird), laterSeriesId).count()).toBe(1);
    expect(await occurrencesOf(dayCell(page, third), laterSeriesId).count()).toBe(0);
    // The earlier series stays where it was.
    expect(await occurrencesOf(dayCell(page, first), series.id).count()).toBe(1);
  });

  test('deleting one occurrence with "This event" leaves the rest', async () => {
    await occurrencesOf(dayCell(page, first), series.id).click();
    const details = page.getByRole('dialog', { name: title });
    await details.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('dialog', { name: 'Delete recurring event' });
    await question.waitFor();
    expect(await axeViolations(page)).toEqual([]);

    const deleted = page.waitForResponse((response) => isOccurrenceWrite('DELETE', 'this')(response.request()));
    await question.getByRole('button', { name: 'OK' }).click();
    expect((await deleted).status()).toBe(204);
    await details.waitFor({ state: 'detached' });

    await expect.poll(() => occurrencesOf(dayCell(page, first), series.id).count()).toBe(0);
    await page.reload();
    await occurrencesOf(dayCell(page, dayAfterSecond), series.id).waitFor();
    expect(await occurrencesOf(dayCell(page, first), series.id).count()).toBe(0);
  });
});

describe('occurrences of a daily series in the week view', () => {
  // This week's first day (Sunday, the en-US week's): every day of the week then has an occurrence.
  const weekStart = localDate(-new Date().getDay());
  const weekDay = (n: number) => localDate(-new Date().getDay() + n);
  let weekPage: Page;
  let token: string;
  let companyId: string;

  /** A daily series this week (COUNT=7), made through the API: what is tested here is the week view's handling of it. */
  async function createDailySeries(title: string, from: string, to: string): Promise<CalendarEvent> {
    const api = new ApiDriver(server.baseUrl);
    const created = await api.request<CalendarEvent>('POST', `/api/calendars/${companyId}/events`, {
      token,
      body: {
        title,
        start: new Date(`${weekStart}T${from}`).toISOString(),
        end: new Date(`${weekStart}T${to}`).toISOString(),
        rrule: 'FREQ=DAILY;COUNT=7',
        extendedProps: { timeZone: TEST_TIME_ZONE },
      },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  /** The week view, freshly loaded, so what shows is the feed's. */
  async function showWeek(seriesId: string): Promise<void> {
    await weekPage.goto('/');
    await weekPage.getByRole('tab', { name: 'Week' }).click();
    await occurrencesOf(weekPage, seriesId).first().waitFor();
  }

  const occurrenceOn = (seriesId: string, day: number) => occurrencesOf(dayCell(weekPage, weekDay(day)), seriesId);

  beforeAll(async () => {
    const api = new ApiDriver(server.baseUrl);
    token = await api.token('eddie');
    companyId = await api.calendarId(token, 'Company');
    weekPage = await (await newContext(browser, server.baseUrl)).newPage();
    await signIn(weekPage, /Eddie Editor/);
  });

  test('resizing one occurrence asks the scope: Esc puts it back, "This event" makes only it longer, also after a reload', async () => {
    const title = `Focus time ${Date.now()}`;
    const series = await createDailySeries(title, '08:00', '09:00');
    await showWeek(series.id);
    const resized = occurrenceOn(series.id, 2);
    const resizedId = await resized.getAttribute('data-event-id');
    const hour = await timeGridDistance(weekPage, '08:00:00', '09:00:00');
    const question = weekPage.getByRole('dialog', { name: 'Move recurring event' });

    const writes: string[] = [];
    const record = (request: Request) => void (request.method() === 'PATCH' && writes.push(request.url()));
    weekPage.on('request', record);
    try {
      await resizeEndBy(weekPage, resized, hour);
      await question.waitFor();
      await expect.poll(() => resized.textContent()).toMatch(/^8:00 – 10:00/);
      // Only the resized occurrence shows the change while the question is open.
      expect(await occurrenceOn(series.id, 3).textContent()).toMatch(/^8:00 – 9:00/);
      await weekPage.keyboard.press('Escape');
      await question.waitFor({ state: 'detached' });
      await expect.poll(() => resized.textContent()).toMatch(/^8:00 – 9:00/);
    } finally {
      weekPage.off('request', record);
    }
    expect(writes).toEqual([]);

    await resizeEndBy(weekPage, resized, hour);
    const patched = weekPage.waitForResponse((response) => isOccurrenceWrite('PATCH', 'this')(response.request()));
    await question.getByRole('button', { name: 'OK' }).click();
    expect((await patched).status()).toBe(200);

    await showWeek(series.id);
    await expect.poll(() => calendarEvent(weekPage, String(resizedId)).textContent()).toMatch(/^8:00 – 10:00/);
    for (const day of [1, 3]) expect(await occurrenceOn(series.id, day).textContent()).toMatch(/^8:00 – 9:00/);
    await calendarEvent(weekPage, String(resizedId)).click();
    const details = weekPage.getByRole('dialog', { name: title });
    await details.getByText('Changed from the series').waitFor();
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
  });

  test('dragging an occurrence an hour later with "This and following" splits the series there', async () => {
    const title = `Design clinic ${Date.now()}`;
    const series = await createDailySeries(title, '12:00', '13:00');
    await showWeek(series.id);
    await dragDown(weekPage, occurrenceOn(series.id, 3), await timeGridDistance(weekPage, '12:00:00', '13:00:00'));
    const question = weekPage.getByRole('dialog', { name: 'Move recurring event' });
    await question.waitFor();
    // Until the answer, only the dragged occurrence has moved.
    await expect.poll(() => occurrenceOn(series.id, 3).textContent()).toMatch(/^1:00 – 2:00/);
    for (const day of [2, 4]) expect(await occurrenceOn(series.id, day).textContent()).toMatch(/^12:00 – 1:00/);
    await question.getByRole('radio', { name: 'This and following events' }).check();
    const patched = weekPage.waitForResponse((response) => isOccurrenceWrite('PATCH', 'following')(response.request()));
    await question.getByRole('button', { name: 'OK' }).click();
    const response = await patched;
    expect(response.status()).toBe(200);
    const later = (await response.json()) as CalendarEvent;
    expect(later.id).not.toBe(series.id);

    // The feed's ids say which series each occurrence is of: the first three stay, the rest are the new series'.
    await showWeek(later.id);
    for (const day of [0, 1, 2]) {
      expect(await occurrenceOn(series.id, day).textContent()).toMatch(/^12:00 – 1:00/);
      expect(await occurrenceOn(later.id, day).count()).toBe(0);
    }
    for (const day of [3, 4, 5, 6]) {
      expect(await occurrenceOn(later.id, day).textContent()).toMatch(/^1:00 – 2:00/);
      expect(await occurrenceOn(series.id, day).count()).toBe(0);
    }
    // The new series keeps the rule, with the occurrences that remained of its count.
    for (const [day, rule] of [[5, 'Daily, 4 times'], [1, 'Daily, 3 times']] as const) {
      await occurrenceOn(day === 5 ? later.id : series.id, day).click();
      const details = weekPage.getByRole('dialog', { name: title });
      await details.getByText(rule).waitFor();
      await details.getByRole('button', { name: 'Close' }).click();
      await details.waitFor({ state: 'detached' });
    }
  });
});

describe('recurrence as Outlook does it (issue 28)', () => {
  let token: string;
  let companyId: string;
  let outlookPage: Page;
  const api = () => new ApiDriver(server.baseUrl);

  /** A weekly series from this month's first week at `hour`, made through the API, as a local wall time. */
  async function weeklySeries(title: string, hour: number, rrule: string): Promise<CalendarEvent> {
    const pad = String(hour).padStart(2, '0');
    const created = await api().request<CalendarEvent>('POST', `/api/calendars/${companyId}/events`, {
      token,
      body: { title, start: `${first}T${pad}:00:00`, end: `${first}T${pad}:30:00`, rrule, extendedProps: { timeZone: TEST_TIME_ZONE } },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  /** Opens an occurrence's details by its feed id (a deep link: month cells fill up with the tests' events) and edits it. */
  async function editOccurrence(series: CalendarEvent, date: string, scope: 'This and following events' | 'All events') {
    const start = new Date(`${date}T${new Date(series.start).toTimeString().slice(0, 5)}`).toISOString();
    await outlookPage.goto(`/?eventId=${encodeURIComponent(`${series.id}:${start}`)}`);
    const details = outlookPage.getByRole('dialog', { name: series.title });
    await details.getByText(/^(Weekly|Every)/).waitFor();
    await details.getByRole('button', { name: 'Edit' }).click();
    const question = outlookPage.getByRole('dialog', { name: 'Edit recurring event' });
    await question.getByRole('radio', { name: scope }).check();
    await question.getByRole('button', { name: 'OK' }).click();
    return outlookPage.getByRole('dialog', { name: 'Edit event' });
  }

  beforeAll(async () => {
    token = await api().token('eddie');
    companyId = await api().calendarId(token, 'Company');
    outlookPage = await (await newContext(browser, server.baseUrl)).newPage();
    await signIn(outlookPage, /Eddie Editor/);
  });

  test('"This and following" shows the Repeat field and makes weekly every two weeks from that occurrence', async () => {
    const series = await weeklySeries(`Fortnightly ${Date.now()}`, 7, 'FREQ=WEEKLY;COUNT=8');
    const form = await editOccurrence(series, second, 'This and following events');
    const repeat = form.getByRole('combobox', { name: 'Repeat', exact: true });
    // The rest of the count: the split keeps the first occurrence on the old series.
    expect(await repeat.inputValue()).toBe('custom');
    expect(await form.locator('input[name=repeatCount]').inputValue()).toBe('7');
    await typeInto(form.locator('input[name=repeatInterval]'), '2');
    await form.getByRole('status').filter({ hasText: /^Every 2 weeks on .*, 7 times/ }).waitFor();
    expect(await axeViolations(outlookPage)).toEqual([]);

    const patched = outlookPage.waitForResponse((response) => isOccurrenceWrite('PATCH', 'following')(response.request()));
    await form.getByRole('button', { name: 'Save' }).click();
    const response = await patched;
    expect(response.status()).toBe(200);
    const later = (await response.json()) as CalendarEvent;
    expect(later.rrule).toMatch(/^FREQ=WEEKLY;COUNT=7;INTERVAL=2;BYDAY=[A-Z]{2}$|^FREQ=WEEKLY;INTERVAL=2;COUNT=7;BYDAY=[A-Z]{2}$/);
    expect(Date.parse(later.start)).toBe(new Date(`${second}T07:00`).getTime());
    const earlier = await api().event(token, companyId, series.id);
    expect(earlier.rrule).toMatch(/COUNT=1\b/);
    await form.waitFor({ state: 'detached' });
    // The calendar shows the new pattern: the week after `second` has none.
    await expect.poll(() => occurrencesOf(outlookPage, later.id).count()).toBeGreaterThan(0);
    expect(await occurrencesOf(dayCell(outlookPage, third), later.id).count()).toBe(0);
  });

  test('an "All events" title change leaves the rule alone: the history shows only the title change', async () => {
    // Ended as a split ends a series, a second before an occurrence: the Repeat field shows that as the day before.
    const until = new Date(`${third}T06:59:59`).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    const series = await weeklySeries(`Renamed all ${Date.now()}`, 7, `FREQ=WEEKLY;UNTIL=${until}`);
    const form = await editOccurrence(series, first, 'All events');
    expect(await form.getByRole('combobox', { name: 'Repeat', exact: true }).inputValue()).toBe('custom');
    await form.getByLabel('Title').fill(`${series.title} (renamed)`);
    const patched = outlookPage.waitForResponse(
      (response) => response.request().method() === 'PATCH' && new URL(response.url()).pathname.endsWith(`/events/${series.id}`),
    );
    await form.getByRole('button', { name: 'Save' }).click();
    const response = await patched;
    expect(response.status()).toBe(200);
    expect(Object.keys(response.request().postDataJSON() as object)).not.toContain('rrule');
    expect(((await response.json()) as CalendarEvent).rrule).toBe(series.rrule);
    await form.waitFor({ state: 'detached' });

    const start = new Date(series.start).toISOString();
    await outlookPage.goto(`/?eventId=${encodeURIComponent(`${series.id}:${start}`)}`);
    const details = outlookPage.getByRole('dialog', { name: `${series.title} (renamed)` });
    await details.getByRole('tab', { name: 'History' }).click();
    const entries = details.getByRole('tabpanel').getByRole('listitem');
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.nth(0).textContent()).toMatch(/^Eddie Editor changed the title from “.*” to “.*\(renamed\)”/);
    expect(await details.getByRole('tabpanel').textContent()).not.toMatch(/repeat/);
  });
});
