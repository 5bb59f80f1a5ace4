import { describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';

const app = useAppAndBrowser();

describe('an address that is none of the app’s pages', () => {
  test('answers 404 with a page that says so and leads to the calendar; axe finds nothing; in German too', async () => {
    const page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    const response = await page.goto('/calendar/2026');
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found', level: 1 }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Go to the calendar' }).click();
    await page.waitForURL(`${app.server.baseUrl}/`);

    expect((await page.goto('/nichts?locale=de'))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Seite nicht gefunden', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Zum Kalender' }).waitFor();
    await page.close();
  });
});
