import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

const address = (page: Page) => {
  const url = new URL(page.url());
  return { view: url.searchParams.get('view'), date: url.searchParams.get('date') };
};
const showsDay = (page: Page, date: string) => page.locator(`[role=columnheader][data-date="${date}"]`).waitFor();

async function opened(path: string, options: BrowserContextOptions = {}): Promise<Page> {
  const page = await (await newContext(app.browser, app.server.baseUrl, options)).newPage();
  await signIn(page, /Eddie Editor/);
  await page.goto(path);
  await waitForEvents(page);
  return page;
}

let desktop: Page | undefined;
afterAll(() => desktop?.context().close());

/** Eddie's desktop page at `path`: one signed-in page for the tests in English on a desktop, a sign-in saved each. */
async function openedOnDesktop(path: string): Promise<Page> {
  if (!desktop) return (desktop = await opened(path));
  await desktop.goto(path);
  await waitForEvents(desktop);
  return desktop;
}

describe('the date navigator', () => {
  test('the side panel’s mini month follows the calendar, and a day picked in another month takes the calendar there, in its view', async () => {
    const page = await openedOnDesktop('/?view=week&date=2026-12-01');
    const navigator = page.getByRole('complementary').getByRole('group', { name: 'Go to a date' });
    // The period shown is selected: the week from Sunday 29 November.
    await navigator.getByText('November 2026').waitFor();
    expect(await navigator.locator('[role=gridcell][aria-selected=true]').count()).toBe(7);

    // The calendar moves: the mini month follows.
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await page.getByRole('button', { name: 'Next week' }).click();
    await showsDay(page, '2027-01-05');
    await navigator.getByText('January 2027').waitFor();

    await navigator.getByRole('button', { name: 'Next month' }).click();
    await navigator.getByText('February 2027').waitFor();
    await navigator.getByRole('button', { name: '17, February, 2027' }).click();
    await showsDay(page, '2027-02-17');
    await expect.poll(() => address(page)).toEqual({ view: 'week', date: '2027-02-14' });
    // A history entry like any move: Back returns to the week before.
    await page.goBack();
    await showsDay(page, '2027-01-05');
  });

  test('the toolbar’s title names the period and opens a picker that goes to the day picked and closes', async () => {
    const page = await openedOnDesktop('/?view=month&date=2026-11-01');
    const heading = page.getByRole('heading', { name: 'November 2026', level: 2 });
    const button = heading.getByRole('button', { name: 'November 2026' });
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.click();
    const picker = page.getByRole('dialog', { name: 'Go to a date' });
    await picker.getByRole('button', { name: 'Previous month' }).click();
    await picker.getByText('October 2026').waitFor();
    await picker.getByRole('button', { name: '12, October, 2026' }).click();
    await expect.poll(() => address(page)).toEqual({ view: 'month', date: '2026-10-01' });
    await picker.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'October 2026', level: 2 }).waitFor();
    // Back on the title, which Escape also returns to.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('October 2026');
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Go to a date' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Go to a date' }).waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('October 2026');
  });

  test('on a phone the title opens the same picker; in German its week starts on Monday, in Arabic it reads right to left', async () => {
    const page = await opened('/?view=day&date=2026-12-01&locale=de', PHONE);
    await page.locator('.cc-toolbar-title button').click();
    const picker = page.getByRole('dialog', { name: 'Zu einem Datum wechseln' });
    await picker.getByText('Dezember 2026').waitFor();
    const weekdays = await picker.locator('th').allTextContents();
    expect(weekdays.slice(0, 2)).toEqual(['M', 'D']);
    await picker.getByRole('button', { name: '24, Dezember, 2026' }).click();
    await expect.poll(() => address(page)).toEqual({ view: 'day', date: '2026-12-24' });
    await page.context().close();

    const arabic = await opened('/?view=month&date=2026-12-01&locale=ar');
    const navigator = arabic.getByRole('complementary').getByRole('group', { name: 'الانتقال إلى تاريخ' });
    await navigator.waitFor();
    expect(await navigator.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    expect(await axeViolations(arabic)).toEqual([]);
    await arabic.context().close();
  });

  test('with week numbers on, the mini month shows them too', async () => {
    const page = await openedOnDesktop('/?view=month&date=2026-12-01');
    const navigator = page.getByRole('complementary').getByRole('group', { name: 'Go to a date' });
    await navigator.getByText('December 2026').waitFor();
    expect(await navigator.locator('[role=rowheader], th[scope=row]').count()).toBe(0);
    await page.getByRole('switch', { name: 'Show week numbers' }).check();
    await expect.poll(() => navigator.getByText('49', { exact: true }).count()).toBeGreaterThan(0);
  });
});
