import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { catalog } from './harness/catalogs.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

const de = catalog('de');
const ar = catalog('ar');

/** The calendar as a demo user (Eddie unless said) sees it with `?locale=` set, which overrides the browser's language. */
async function calendarIn(locale: string, user = /Eddie Editor/): Promise<Page> {
  // No service worker: the page's requests go to the network, where page.route sees them.
  const page = await (await newContext(app.browser, app.server.baseUrl, { serviceWorkers: 'block' })).newPage();
  await signIn(page, user);
  await page.goto(`/?locale=${locale}`);
  await waitForEvents(page);
  return page;
}

const pageLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir }));
const direction = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).direction);

/** Opens the new-event form from the header, by its translated name, and checks its title and buttons are translated. */
async function openEventForm(page: Page, messages: Record<string, string>): Promise<Locator> {
  await page.getByRole('button', { name: messages['shell.newEvent'] }).click();
  const form = page.getByRole('dialog', { name: messages['eventForm.newTitle'] });
  await form.getByRole('button', { name: messages['eventForm.cancel'], exact: true }).waitFor();
  await form.getByRole('button', { name: messages['eventForm.create'], exact: true }).waitFor();
  return form;
}

/** Refuses the next calendar a user saves, as the server would refuse someone who may not: a 403 problem, in English. */
const refuseCalendarWrites = (page: Page) =>
  page.route((url) => url.pathname === '/api/calendars', (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 403,
          contentType: 'application/problem+json',
          body: JSON.stringify({ type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Only administrators manage calendars.' }),
        })
      : route.fallback(),
  );

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
    await page.getByRole('button', { name: 'Heute', exact: true }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // A failure the calendar reports in a toast, in German: with a calendar hidden, the events cannot be loaded.
    await page.route((url) => url.pathname === '/api/events', (route) =>
      route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }) }),
    );
    await page.getByRole('checkbox', { name: 'Holidays' }).click();
    await page.getByText('Die Termine konnten nicht geladen werden').first().waitFor();
    await page.close();
  });

  test('German: the event form, Manage calendars and its checks are German; a refused save says why in German, not in the server’s English', async () => {
    const page = await calendarIn('de', /Ada Admin/);
    const form = await openEventForm(page, de);
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: de['eventForm.cancel'], exact: true }).click();
    await form.waitFor({ state: 'detached' });

    await refuseCalendarWrites(page);
    await page.getByRole('button', { name: de['shell.manageCalendars'] }).click();
    const dialog = page.getByRole('dialog', { name: de['manageCalendars.title'] });
    await dialog.getByRole('button', { name: de['manageCalendars.newCalendar'] }).click();
    await page.getByRole('dialog', { name: de['manageCalendars.newCalendar'] }).waitFor();
    // The shared schema's checks, in the user's words.
    await page.getByRole('button', { name: de['calendarEditor.create'] }).click();
    await page.getByText(de['calendarEditor.nameMissing']!, { exact: true }).waitFor();
    await page.locator('input[name="name"]').fill('Betriebsrat');
    await page.getByRole('button', { name: de['calendarEditor.create'] }).click();
    // The toast (and Fluent's announcement of it): what failed, and why, from the catalogue by the problem's status.
    await page.getByText(de['manageCalendars.saveFailed']!).first().waitFor();
    await page.getByText(de['problem.forbidden']!).first().waitFor();
    expect(await page.getByText('Only administrators manage calendars.').count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  test('Arabic: the whole page runs right to left, the calendar’s grid included, and axe finds nothing', async () => {
    const page = await calendarIn('ar');
    expect(await pageLanguage(page)).toEqual({ lang: 'ar', dir: 'rtl' });
    await page.getByRole('button', { name: 'حدث جديد' }).waitFor();
    // Fluent's provider and FullCalendar both lay out right to left.
    expect(await page.locator('.fui-FluentProvider').first().getAttribute('dir')).toBe('rtl');
    expect(await page.locator('.cc-calendar').evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    // A week's first day is at its right end (a day is a cell, or a gridcell once the grid takes arrow keys).
    const day = '[data-date]:is([role=cell],[role=gridcell])';
    const [first, second] = await page.locator(`.cc-calendar [role=row]:has(${day}) ${day}`).evaluateAll((cells) =>
      cells.slice(0, 2).map((cell) => cell.getBoundingClientRect().left),
    );
    expect(first).toBeGreaterThan(second!);
    // The header's title starts at the page's right edge.
    const title = await page.getByRole('heading', { level: 1 }).boundingBox();
    expect(title!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
    expect(await axeViolations(page)).toEqual([]);

    // Dialogs render in portals outside the app's root: they run right to left too, and are Arabic.
    const form = await openEventForm(page, ar);
    expect(await direction(form)).toBe('rtl');
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: ar['eventForm.cancel'], exact: true }).click();
    await form.waitFor({ state: 'detached' });

    // A toast, in Arabic and right to left: with a calendar hidden, the events cannot be loaded.
    await page.route((url) => url.pathname === '/api/events', (route) =>
      route.fulfill({ status: 500, contentType: 'application/problem+json', body: JSON.stringify({ type: 'about:blank', title: 'Internal Server Error', status: 500 }) }),
    );
    await page.getByRole('checkbox', { name: 'Holidays' }).click();
    const toast = page.getByText(ar['calendar.eventsFailed']!).first();
    await toast.waitFor();
    expect(await direction(toast)).toBe('rtl');
    await page.close();
  });
});
