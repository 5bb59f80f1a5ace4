import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { DEV_TOKEN_KEY } from '../../src/web/auth/request-dev-token.ts';
import { PROBLEM_MESSAGES } from '../../src/web/lib/problem-messages.ts';
import { TEST_TIME_ZONE, newContext } from './harness/browser.ts';
import { calendarEvent, chooseTimeZone, dayCell, localDate, signIn, timeZoneField } from './harness/calendar-page.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';

const app = useAppAndBrowser();
let page: Page;
let events: CalendarEvent[];

beforeAll(async () => {
  page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
});

describe('signing in and the month view', () => {
  test('Eddie signs in and sees the seeded events in the month view', async () => {
    const eventsResponse = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
    await signIn(page, /Eddie Editor/);
    const response = await eventsResponse;
    expect(response.status()).toBe(200);
    events = (await response.json()) as CalendarEvent[];
    expect(events.length).toBeGreaterThan(10);

    await expect.poll(() => page.getByRole('tab', { name: 'Month' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByTestId('signed-in-user').textContent()).toContain('Eddie Editor');
    await dayCell(page, localDate()).waitFor();
    // Every event the server sent is on the calendar (the viewport is tall enough to need no "+ more" links).
    for (const event of events) await calendarEvent(page, event.id).first().waitFor();
    // The stand-ups are the occurrences of one series, each with its feed id `{seriesId}:{recurrenceId}`.
    const standUps = events.filter((event) => event.title === 'Engineering stand-up');
    expect(standUps.length).toBeGreaterThan(5);
    const seriesIds = [...new Set(standUps.map((event) => event.extendedProps.seriesId))];
    expect(seriesIds).toHaveLength(1);
    for (const { id, extendedProps } of standUps) expect(id).toBe(`${seriesIds[0]}:${extendedProps.recurrenceId}`);
    expect(await page.locator(`.cc-event[data-event-id^="${seriesIds[0]}:"]`, { hasText: 'Engineering stand-up' }).count()).toBe(standUps.length);
  });

  test('the sign-in survives a reload, and an event opens from the keyboard', async () => {
    await page.reload();
    await page.getByTestId('signed-in-user').waitFor();
    const [event] = events.filter((candidate) => candidate.title !== 'Engineering stand-up');
    const dialog = page.getByRole('dialog');
    // FullCalendar binds an event's keys just after the element appears; on a loaded machine the
    // first Enter can come before that, so the key is pressed again until the details open.
    await expect
      .poll(async () => {
        if (!(await dialog.isVisible())) {
          await calendarEvent(page, event!.id).first().focus();
          await page.keyboard.press('Enter');
        }
        return dialog.getByRole('heading').first().textContent({ timeout: 1_000 });
      })
      .toBe(event!.title);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('times in another zone than the device’s name the zone, and a stored zone outside the list stays chosen', async () => {
    const [event] = events.filter((candidate) => !candidate.allDay && candidate.title !== 'Engineering stand-up');
    const zone = TEST_TIME_ZONE === 'Australia/Adelaide' ? 'America/New_York' : 'Australia/Adelaide';
    await chooseTimeZone(page, zone);
    await calendarEvent(page, event!.id).first().click();
    const zoneName = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' })
      .formatToParts(new Date(event!.start))
      .find((part) => part.type === 'timeZoneName')?.value;
    await page.getByRole('dialog').getByText(`(${zoneName})`).first().waitFor();
    await page.keyboard.press('Escape');

    // Etc/UTC is a valid zone, but Intl.supportedValuesOf lists canonical names only (and the device's may be it).
    const unlisted = TEST_TIME_ZONE === 'Etc/UTC' ? 'Etc/GMT' : 'Etc/UTC';
    await page.evaluate((zone) => localStorage.setItem('company-calendar:time-zone', JSON.stringify(zone)), unlisted);
    await page.reload();
    await expect.poll(() => timeZoneField(page).inputValue()).toBe(`(UTC+00:00) ${unlisted}`);
    await chooseTimeZone(page, '');
  });

  test('calendars that fail to load are said so once, with one Try again that loads them', async () => {
    const isCalendarList = (url: URL) => url.pathname === '/api/calendars';
    // A 404 is not retried, so the failure shows at once.
    await page.route(isCalendarList, (route) =>
      route.fulfill({ status: 404, contentType: 'application/problem+json', body: JSON.stringify({ title: 'Calendars are away', status: 404 }) }),
    );
    await page.reload();
    // The app's own words for the problem, never the server's English title.
    await page.getByText(PROBLEM_MESSAGES.notFound.defaultMessage).first().waitFor();
    expect(await page.getByText('Calendars are away').count()).toBe(0);
    expect(await page.getByText('could not be loaded').count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(1);

    await page.unroute(isCalendarList);
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.getByRole('checkbox', { name: 'Company' }).waitFor();
    expect(await page.getByText('could not be loaded').count()).toBe(0);
  });

  test('with Fluent’s code for notices unreachable, a failure still says so, and its Try again still works', async () => {
    // A context of its own without the service worker, which would serve the chunk from its cache.
    const context = await newContext(app.browser, app.server.baseUrl, { serviceWorkers: 'block' });
    const plainPage = await context.newPage();
    const isCalendarList = (url: URL) => url.pathname === '/api/calendars';
    await plainPage.route(/\/assets\/fluent-status-parts-[\w-]+\.js$/, (route) => route.abort());
    await plainPage.route(isCalendarList, (route) =>
      route.fulfill({ status: 404, contentType: 'application/problem+json', body: JSON.stringify({ title: 'Calendars are away', status: 404 }) }),
    );
    await signIn(plainPage, /Eddie Editor/);
    await plainPage.getByText(PROBLEM_MESSAGES.notFound.defaultMessage).waitFor();
    // The plain notice: Fluent's MessageBar never came.
    expect(await plainPage.locator('.fui-MessageBar').count()).toBe(0);
    await plainPage.unroute(isCalendarList);
    await plainPage.getByRole('button', { name: 'Try again' }).click();
    await plainPage.getByRole('checkbox', { name: 'Company' }).waitFor();
    expect(await plainPage.getByText(PROBLEM_MESSAGES.notFound.defaultMessage).count()).toBe(0);
    await context.close();
  });

  test('signing out returns to the sign-in screen, and removes the token kept for the next visit', async () => {
    const keptToken = () => page.evaluate((key) => localStorage.getItem(key), DEV_TOKEN_KEY);
    expect(JSON.parse((await keptToken()) ?? 'null')).toMatchObject({ userId: expect.any(String), accessToken: expect.any(String) });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Company Calendar' }).waitFor();
    expect(await keptToken()).toBeNull();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Company Calendar' }).waitFor();
  });
});
