import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { UPCOMING_DAYS } from '../../src/web/features/calendar/lib/upcoming.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { localDate, signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();
const FAR_AHEAD = 'Far-ahead review';
// Enough events in the coming days that the list scrolls, even in a tall window.
const COMING = 14;

beforeAll(async () => {
  const api = new ApiDriver(app.server.baseUrl);
  const token = await api.token('eddie');
  const calendarId = await api.calendarId(token, 'Company');
  const create = async (title: string, day: string) => {
    const body = { title, start: new Date(`${day}T10:00`).toISOString(), end: new Date(`${day}T11:00`).toISOString() };
    expect((await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, { token, body })).status).toBe(201);
  };
  for (let day = 1; day <= COMING; day++) await create(`Stand-up ${day}`, localDate(day));
  await create(FAR_AHEAD, localDate(UPCOMING_DAYS + 10));
});

/** The days listed, in order, once each. */
const dayHeadings = async (page: Page) => [
  ...new Set(await page.locator('.cc-calendar [data-date]').evaluateAll((days) => days.map((day) => day.getAttribute('data-date')!))),
];

// Eddie's page, signed in once for the file's tests that use it: each opens the view's address afresh.
let eddie: Page | undefined;
afterAll(() => eddie?.context().close());

async function upcoming(): Promise<Page> {
  if (!eddie) {
    eddie = await (await newContext(app.browser, app.server.baseUrl, { viewport: { width: 1024, height: 600 } })).newPage();
    await signIn(eddie, /Eddie Editor/);
  }
  await eddie.goto('/?view=upcoming');
  await waitForEvents(eddie);
  return eddie;
}

describe('the Upcoming view', () => {
  test(`lists the next ${UPCOMING_DAYS} days from today, grouped by day, from its address and the a key`, async () => {
    const page = await upcoming();
    expect(await page.getByRole('tab', { name: 'Upcoming' }).getAttribute('aria-selected')).toBe('true');
    const days = await dayHeadings(page);
    expect(days.length).toBeGreaterThan(COMING - 1);
    expect(days).toEqual([...days].sort());
    for (const day of days) expect(day >= localDate() && day < localDate(UPCOMING_DAYS), day).toBe(true);
    expect(await page.getByText('Stand-up 3').count()).toBe(1);
    // From today, whichever day the address is opened: it names no date.
    expect(new URL(page.url()).searchParams.get('date')).toBeNull();
    expect(await axeViolations(page)).toEqual([]);

    await page.keyboard.press('m');
    await expect.poll(() => page.getByRole('tab', { name: 'Month' }).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('a');
    await expect.poll(() => page.getByRole('tab', { name: 'Upcoming' }).getAttribute('aria-selected')).toBe('true');
  });

  test('scrolled to its end, it lists the days after', async () => {
    const page = await upcoming();
    expect(await page.getByText(FAR_AHEAD).count()).toBe(0);
    const title = () => page.locator('.cc-toolbar-title').textContent();
    const before = await title();
    // The list's scroller: the nearest ancestor of the days that scrolls.
    await page.locator('.cc-list-day').first().evaluate((day) => {
      let element: Element | null = day;
      while (element && element.scrollHeight <= element.clientHeight + 1) element = element.parentElement;
      element?.scrollTo({ top: element.scrollHeight });
    });
    // The title names the longer period.
    await expect.poll(title).not.toBe(before);
    await expect.poll(async () => (await dayHeadings(page)).at(-1)! >= localDate(UPCOMING_DAYS)).toBe(true);
    await page.getByText(FAR_AHEAD).waitFor();
    expect((await dayHeadings(page)).at(-1)! >= localDate(UPCOMING_DAYS + 10)).toBe(true);
  });

  test('too short to scroll, it lengthens by itself until it ends off screen', async () => {
    // A calendar of its own, with two events: one tomorrow, one beyond the first 30 days.
    const api = new ApiDriver(app.server.baseUrl);
    const token = await api.token('ada');
    const quiet = await api.request<Calendar>('POST', '/api/calendars', { token, body: { name: 'Quiet', color: '#0F6CBD' } });
    expect(quiet.status).toBe(201);
    for (const [title, day] of [['Quiet tomorrow', localDate(1)], ['Quiet later', localDate(UPCOMING_DAYS + 15)]] as const) {
      const body = { title, start: new Date(`${day}T10:00`).toISOString(), end: new Date(`${day}T11:00`).toISOString() };
      expect((await api.request('POST', `/api/calendars/${quiet.body.id}/events`, { token, body })).status).toBe(201);
    }
    const page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(page, /Ada Admin/);
    await page.goto(`/?view=upcoming&calendars=${quiet.body.id}`);
    await page.getByText('Quiet tomorrow').waitFor();
    // The first 30 days' list ends on screen: the days after come without a scroll.
    await page.getByText('Quiet later').waitFor();
    await page.context().close();
    // Gone again: the other tests see the tenant's usual calendars.
    const removed = await api.request('DELETE', `/api/calendars/${quiet.body.id}`, { token, ifMatch: `"${quiet.body.version}"` });
    expect(removed.status).toBe(204);
  });

  test('with nothing coming it says what to do, and looks further ahead when asked', async () => {
    const page = await upcoming();
    // At 1024 px the calendars are in the drawer.
    await page.getByRole('button', { name: 'Calendars', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Calendars and time zone' });
    for (const name of ['Company', 'Engineering', 'Holidays']) await drawer.getByRole('checkbox', { name }).uncheck();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    // As its calendars went, the list grew too short to scroll and may have lengthened: it says how far it looked.
    const emptyState = page.getByText(/^Nothing in the next \d+ days\. Create an event or look further ahead\.$/);
    await emptyState.waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const looked = Number(/\d+/.exec((await emptyState.textContent()) ?? '')![0]);
    expect(looked % UPCOMING_DAYS).toBe(0);
    await page.getByRole('button', { name: 'Look further ahead' }).click();
    await page.getByText(`Nothing in the next ${looked + UPCOMING_DAYS} days. Create an event or look further ahead.`).waitFor();
    await page.getByRole('button', { name: 'Calendars', exact: true }).click();
    await drawer.getByRole('checkbox', { name: 'Company' }).check();
    await page.keyboard.press('Escape');
    await page.getByText('Stand-up 1', { exact: true }).waitFor();
  });
});
