import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { signIn } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

const address = (page: Page) => {
  const url = new URL(page.url());
  return { view: url.searchParams.get('view'), date: url.searchParams.get('date') };
};
/** Whether the time grid shows this date's column. */
const showsDay = (page: Page, date: string) => page.locator(`[role=columnheader][data-date="${date}"]`).waitFor();
const selectedView = (page: Page) => page.locator('[role=tab][aria-selected=true]').textContent();

describe('the view and date in the address', () => {
  test('?view=week&date= opens that week; each move is a history entry that Back and Forward retrace; a reload keeps it', async () => {
    const page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(page, /Eddie Editor/);
    // The first screen names its view and date at once, as a month by its first day.
    const firstOfMonth = await page.evaluate(() => new Date().toLocaleDateString('en-CA').slice(0, 8) + '01');
    await expect.poll(() => address(page)).toEqual({ view: 'month', date: firstOfMonth });
    // Reloaded, the month named by its 1st still stands on today: Week shows today's week, not the 1st's.
    await page.reload();
    await page.getByRole('tab', { name: 'Week', exact: true }).click();
    await showsDay(page, await page.evaluate(() => new Date().toLocaleDateString('en-CA')));

    await page.goto('/?view=week&date=2026-12-01');
    await showsDay(page, '2026-12-01');
    expect(await selectedView(page)).toBe('Week');
    // The address names the week by its first day (Sunday, in en-US).
    await expect.poll(() => address(page)).toEqual({ view: 'week', date: '2026-11-29' });

    await page.getByRole('button', { name: 'Next week' }).click();
    await showsDay(page, '2026-12-08');
    await page.getByRole('button', { name: 'Next week' }).click();
    await showsDay(page, '2026-12-15');
    await page.getByRole('tab', { name: 'Day', exact: true }).click();
    await expect.poll(() => address(page)).toEqual({ view: 'day', date: '2026-12-13' });

    await page.goBack();
    await showsDay(page, '2026-12-15');
    expect(await selectedView(page)).toBe('Week');
    await page.goBack();
    await showsDay(page, '2026-12-08');
    expect(address(page)).toEqual({ view: 'week', date: '2026-12-06' });
    await page.goForward();
    await showsDay(page, '2026-12-15');

    await page.reload();
    await showsDay(page, '2026-12-15');
    expect(address(page)).toEqual({ view: 'week', date: '2026-12-13' });
    await page.close();
  });

  test('a visit to the bare address starts on today, in the view last shown on this device, and names them in the address without a history entry', async () => {
    const context = await newContext(app.browser, app.server.baseUrl);
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    expect(await selectedView(page)).toBe('Month');
    await page.getByRole('tab', { name: 'Day', exact: true }).click();
    await expect.poll(() => address(page).view).toBe('day');

    const next = await context.newPage();
    // How long the tab's history was as the page started: naming the first view replaces its entry, adds none.
    await next.addInitScript(() => sessionStorage.setItem('history-at-start', String(history.length)));
    await next.goto('/');
    await next.getByRole('heading', { name: 'Company Calendar', level: 1 }).waitFor();
    await expect.poll(() => selectedView(next)).toBe('Day');
    const today = await next.evaluate(() => new Date().toLocaleDateString('en-CA'));
    await showsDay(next, today);
    await expect.poll(() => address(next)).toEqual({ view: 'day', date: today });
    expect(await next.evaluate(() => String(history.length))).toBe(await next.evaluate(() => sessionStorage.getItem('history-at-start')));
    await context.close();
  });

  test('the calendars hidden in the side panel are in the address (?hide=), so a reload or a shared link hides them too', async () => {
    const context = await newContext(app.browser, app.server.baseUrl);
    const page = await context.newPage();
    await signIn(page, /Eddie Editor/);
    const holidays = page.getByRole('checkbox', { name: 'Holidays' });
    await holidays.uncheck();
    await expect.poll(() => new URL(page.url()).searchParams.get('hide')).toMatch(/^[\w-]+$/);
    const hidden = new URL(page.url()).searchParams.get('hide')!;

    await page.reload();
    await expect.poll(() => holidays.isChecked()).toBe(false);
    // A link naming none on another page of the same device is remembered as the last choice there.
    const shared = await context.newPage();
    await shared.goto('/?view=month');
    await expect.poll(() => shared.getByRole('checkbox', { name: 'Holidays' }).isChecked()).toBe(false);
    await expect.poll(() => new URL(shared.url()).searchParams.get('hide')).toBe(hidden);

    await holidays.check();
    await expect.poll(() => new URL(page.url()).searchParams.has('hide')).toBe(false);
    await context.close();
  });
});
