import { describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

describe('the help page', () => {
  test('is reached from More options, says how calendars, roles and sharing work, passes axe, and leads back', async () => {
    const page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(page, /Riley Reader/);
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Help' }).click();
    // The query goes along (the view and date the calendar was on), for the way back.
    await page.waitForURL((url) => url.pathname === '/help');
    await page.getByRole('heading', { name: 'Help', level: 1 }).waitFor();
    for (const section of ['Calendars', 'Who can do what', 'Sharing', 'Keyboard shortcuts']) {
      await page.getByRole('heading', { name: section, level: 2 }).waitFor();
    }
    await page.getByText(/^Editors: /).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Open Company Calendar' }).click();
    await waitForEvents(page);
    await page.close();
  });

  test('is served as a page of the app, in the language asked for, and keeps the language on the way back', async () => {
    const page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    expect((await page.goto('/help?locale=de'))?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Hilfe', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Wer was tun kann', level: 2 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de');
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Company Calendar öffnen' }).click();
    await page.waitForURL(`${app.server.baseUrl}/?locale=de`);
    await page.close();
  });
});
