import type { Page, Route } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { FEED_EVENTS_MAX } from '../../src/shared/limits.ts';
import { PROBLEM_CONTENT_TYPE, WINDOW_TOO_FULL_TYPE, type Problem } from '../../src/shared/problem.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { signIn } from './harness/calendar-page.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';

/** The server's own answer to a window over the cap (tests/api/window-cap.test.ts proves the server sends it). */
const TOO_FULL: Problem = {
  type: WINDOW_TOO_FULL_TYPE,
  title: 'Too many events in this window',
  status: 422,
  detail: `This window holds more than ${FEED_EVENTS_MAX.toLocaleString('en')} events, the most one answer carries: ask for a shorter window or fewer calendars.`,
  limit: FEED_EVENTS_MAX,
};
const MESSAGE = `This view holds more than ${FEED_EVENTS_MAX.toLocaleString('en')} events. Switch to a shorter view or hide some calendars.`;
/** Windows longer than this are "too full" here: the month's six weeks are, a day is not. */
const WIDE_WINDOW_MS = 3 * 86_400_000;

const app = useAppAndBrowser();
let page: Page;
let refused = 0;

const isEvents = (url: URL) => url.pathname === '/api/events';
const isWide = (url: URL) => Date.parse(url.searchParams.get('end')!) - Date.parse(url.searchParams.get('start')!) > WIDE_WINDOW_MS;

async function answerWideWindowsTooFull(route: Route): Promise<void> {
  if (!isWide(new URL(route.request().url()))) return route.continue();
  refused++;
  return route.fulfill({ status: 422, contentType: PROBLEM_CONTENT_TYPE, body: JSON.stringify(TOO_FULL) });
}

beforeAll(async () => {
  page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
});

describe('a window with more events than the server returns', () => {
  test('the month says to narrow the view, with no events, no error toast and no retries; the day view shows its events and no message', async () => {
    await page.route(isEvents, answerWideWindowsTooFull);
    await signIn(page, /Eddie Editor/);
    const message = page.getByRole('status').filter({ hasText: MESSAGE });
    await message.waitFor();
    expect(await page.getByRole('tab', { name: 'Month' }).getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('.cc-event').count()).toBe(0);
    expect(await page.getByText('Events could not be loaded').count()).toBe(0);
    const refusedBefore = refused;
    expect(refusedBefore).toBeGreaterThan(0);
    expect(await axeViolations(page)).toEqual([]);

    const day = page.waitForResponse((response) => isEvents(new URL(response.url())) && response.status() === 200);
    await page.getByRole('tab', { name: 'Day' }).click();
    await day;
    await expect.poll(() => message.count()).toBe(0);
    expect(await page.getByText('Events could not be loaded').count()).toBe(0);
    // The month's refusal was not asked again meanwhile: no retry loop.
    expect(refused).toBe(refusedBefore);
  });

  test('any other failure still shows the error toast, and no narrowing message', async () => {
    await page.unroute(isEvents);
    await page.route(isEvents, (route) =>
      route.fulfill({ status: 500, contentType: PROBLEM_CONTENT_TYPE, body: JSON.stringify({ title: 'Internal Server Error', status: 500 }) }),
    );
    // The week: a range of its own, where the days either side of the day shown were fetched ahead.
    await page.getByRole('tab', { name: 'Week' }).click();
    await page.getByText('Events could not be loaded', { exact: true }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: MESSAGE }).count()).toBe(0);
    await page.unroute(isEvents);
  });
});
