import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { FILE_TOO_COMPLEX_TYPE } from '../../src/shared/problem.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { signIn } from './harness/calendar-page.ts';

const app = useAppAndBrowser();
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/ics/${name}`, import.meta.url));
const calendarName = `Imported ${Date.now().toString(36)}`;
let page: Page;

/** Axe finds nothing on the page as it is, in light, dark and forced colours. */
async function expectAccessible(where: string) {
  for (const media of [{ colorScheme: 'light' }, { colorScheme: 'dark' }, { colorScheme: 'light', forcedColors: 'active' }] as const) {
    await page.emulateMedia(media);
    expect(await axeViolations(page), `${where}, ${JSON.stringify(media)}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light', forcedColors: 'none' });
}

beforeAll(async () => {
  const api = new ApiDriver(app.server.baseUrl);
  const token = await api.token('ada');
  const created = await api.request('POST', '/api/calendars', { token, body: { name: calendarName, color: '#005B70', editors: ['eddie'] } });
  expect(created.status).toBe(201);
  page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
  await signIn(page, /Eddie Editor/);
  // The week of the fixture's first events, in the address.
  await page.goto('/?view=week&date=2027-03-01');
});

afterAll(() => page?.close());

describe('importing an .ics file', () => {
  test('Eddie picks a malformed file and is told its line, then one with an unreadable event told by its line, then previews a Google Calendar file and imports it; its events show', async () => {
    await page.getByRole('complementary').getByRole('button', { name: `More actions for ${calendarName}` }).click();
    await page.getByRole('menuitem', { name: 'Import (.ics)…' }).click();
    const dialog = page.getByRole('dialog', { name: `Import into ${calendarName}` });
    const file = dialog.getByLabel('iCalendar file (.ics)');
    await expectAccessible('the empty import dialog');

    await file.setInputFiles(fixture('malformed-unclosed.ics'));
    await expect.poll(() => dialog.getByText(/Line 10: END:VCALENDAR does not close BEGIN:VEVENT/).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);

    // One event of the file cannot be read: the rest would be imported, and the preview names its line.
    await file.setInputFiles(fixture('malformed-no-colon.ics'));
    const partial = dialog.getByRole('status').filter({ hasText: 'Importing malformed-no-colon.ics will add or change:' });
    await expect.poll(() => partial.getByText('1 new event').isVisible()).toBe(true);
    expect(await dialog.getByText(/Line 15: SUMMARY has no colon before its value, so this item was left out \(broken-0002@example\.com\)/).isVisible()).toBe(true);

    await file.setInputFiles(fixture('google-calendar.ics'));
    const preview = dialog.getByRole('status').filter({ hasText: 'Importing google-calendar.ics will add or change:' });
    await expect.poll(() => preview.getByText('3 new events').isVisible()).toBe(true);
    expect(await preview.getByText('0 items skipped').isVisible()).toBe(true);
    await expectAccessible('the import preview');

    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => page.getByText(`3 events imported into ${calendarName}`).isVisible()).toBe(true);
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect.poll(() => page.locator('.cc-event', { hasText: 'Weekly sync' }).count()).toBe(1);
    expect(await page.locator('.cc-event', { hasText: '(No title)' }).count()).toBe(1);
  });

  test('a file whose reading outlasts its thread is told so in words, and the dialog stays open to pick another', async () => {
    // The server answers so only past ICS_IMPORT_DEADLINE_MS (15 s) or the thread's heap: its answer, as sent.
    const preview = (url: URL) => url.pathname.endsWith('/import') && url.searchParams.get('preview') === 'true';
    await page.route(preview, (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/problem+json',
        body: JSON.stringify({ type: FILE_TOO_COMPLEX_TYPE, title: 'File too complex', status: 422, detail: 'Reading this file needs more than an import may use.' }),
      }),
    );
    await page.getByRole('complementary').getByRole('button', { name: `More actions for ${calendarName}` }).click();
    await page.getByRole('menuitem', { name: 'Import (.ics)…' }).click();
    const dialog = page.getByRole('dialog', { name: `Import into ${calendarName}` });
    await dialog.getByLabel('iCalendar file (.ics)').setInputFiles(fixture('apple-calendar.ics'));
    await expect.poll(() => dialog.getByText(/needs more time or memory than an import may use, so nothing was imported/).isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Import' }).isDisabled()).toBe(true);
    await page.unroute(preview);
  });
});
