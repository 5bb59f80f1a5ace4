import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

/** The calendar as Eddie sees it with `?locale=` set, which overrides the browser's language. */
async function calendarIn(locale: string): Promise<Page> {
  // No service worker: the page's requests go to the network, where page.route sees them.
  const page = await (await newContext(app.browser, app.server.baseUrl, { serviceWorkers: 'block' })).newPage();
  await signIn(page, /Eddie Editor/);
  await page.goto(`/?locale=${locale}`);
  await waitForEvents(page);
  return page;
}

const pageLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));

describe('the app in the user’s language', () => {
  test('German: the header, its menu and a toast are German, the page says it is German, and axe finds nothing', async () => {
    const page = await calendarIn('de-DE');
    expect(await pageLanguage(page)).toEqual({ lang: 'de-DE', dir: 'ltr' });
    await page.getByRole('button', { name: 'Neuer Termin' }).waitFor();
    await page.getByRole('button', { name: 'Weitere Optionen' }).click();
    await page.getByRole('menuitem', { name: 'Drucken' }).waitFor();
    await page.keyboard.press('Escape');
    // The side panel's calendar list and time zone.
    await page.getByRole('region', { name: 'Kalender' }).waitFor();
    await page.getByRole('combobox', { name: 'Zeitzone' }).waitFor();
    // FullCalendar's own words come from its German locale file.
    await page.getByRole('button', { name: 'Heute' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A failure the calendar reports in a toast, in German: with a calendar hidden, the events cannot be loaded.
    await page.route((url) => url.pathname === '/api/events', (route) =>
      route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }) }),
    );
    await page.getByRole('checkbox', { name: 'Holidays' }).click();
    await page.getByText('Die Termine konnten nicht geladen werden').first().waitFor();
    await page.close();
  });

  test('Arabic: the whole page runs right to left, the calendar’s grid included, and axe finds nothing', async () => {
    const page = await calendarIn('ar');
    expect(await pageLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('button', { name: 'حدث جديد' }).waitFor();
    // Fluent's provider and FullCalendar both lay out right to left.
    expect(await page.locator('.fui-FluentProvider').first().getAttribute('dir')).toBe('rtl');
    expect(await page.locator('.cc-calendar').evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    // A week's first day is at its right end.
    const [first, second] = await page.locator('[role=row]:has([role=cell][data-date]) [role=cell][data-date]').evaluateAll((cells) =>
      cells.slice(0, 2).map((cell) => cell.getBoundingClientRect().left),
    );
    expect(first).toBeGreaterThan(second!);
    // The header's title starts at the page's right edge.
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(title!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});
