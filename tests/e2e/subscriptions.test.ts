import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { signIn } from './harness/calendar-page.ts';

const app = useAppAndBrowser();
let context: BrowserContext;
let page: Page;
let dialog: Locator;
/** The link the dialog handed out. */
let feedUrl: string;

/** Axe finds nothing on the page as it is, in the light and dark schemes and in forced colours. */
async function expectAccessible(where: string) {
  for (const media of [{ colorScheme: 'light' }, { colorScheme: 'dark' }, { colorScheme: 'light', forcedColors: 'active' }] as const) {
    await page.emulateMedia({ forcedColors: 'none', ...media });
    expect(await axeViolations(page), `${where}, ${JSON.stringify(media)}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light', forcedColors: 'none' });
}

beforeAll(async () => {
  context = await newContext(app.browser, app.server.baseUrl, { permissions: ['clipboard-read', 'clipboard-write'] });
  // Outlook on the web, as far as this test goes: the page the subscribe button opens, answered here.
  await context.route('https://outlook.office.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Outlook</title>' }));
  page = await context.newPage();
  await signIn(page, /Riley Reader/);
});

afterAll(() => context?.close());

describe('calendar subscriptions', () => {
  test('a reader creates a link to a calendar from the header’s menu, and its feed answers without signing in', async () => {
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: 'Calendar subscriptions' }).click();
    dialog = page.getByRole('dialog', { name: 'Calendar subscriptions' });
    await expect.poll(() => dialog.getByText('No links yet.').isVisible()).toBe(true);
    await expectAccessible('the empty dialog');

    await dialog.getByRole('combobox', { name: 'Calendar' }).click();
    await page.getByRole('option', { name: 'Company' }).click();
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const field = dialog.getByRole('textbox', { name: 'Subscription link' });
    await field.waitFor();
    feedUrl = await field.inputValue();
    expect(feedUrl).toMatch(new RegExp(`^${app.server.baseUrl}/ics/[A-Za-z0-9_-]{43}\\.ics$`));
    // The new link is selected for Ctrl+C, and listed (without its secret) below.
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect.poll(() => dialog.getByRole('listitem').filter({ hasText: 'Company' }).count()).toBe(1);
    await expect.poll(() => dialog.getByRole('listitem').filter({ hasText: feedUrl }).count()).toBe(0);

    const feed = await fetch(feedUrl);
    expect([feed.status, feed.headers.get('content-type')]).toEqual([200, 'text/calendar; charset=utf-8']);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR\r\n/);
    await expectAccessible('the dialog with a new link');
  });

  test('“Copy link” puts the link on the clipboard, and “Subscribe in Outlook” opens Outlook on the web with it', async () => {
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(feedUrl);
    // The toast, not the toaster's announcement of it in a live region.
    await page.locator('.fui-Toast', { hasText: 'Link copied' }).waitFor();

    const [outlook] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Subscribe in Outlook' }).click()]);
    await outlook.waitForLoadState();
    const opened = new URL(outlook.url());
    expect(`${opened.origin}${opened.pathname}`).toBe('https://outlook.office.com/calendar/0/addfromweb');
    expect(Object.fromEntries(opened.searchParams)).toEqual({ url: feedUrl, name: 'Company' });
    await outlook.close();
    expect(await dialog.getByRole('link', { name: 'Subscribe in Apple Calendar' }).getAttribute('href')).toBe(feedUrl.replace(/^http:/, 'webcal:'));
  });

  test('revoking the link asks first, then its feed answers 404', async () => {
    await dialog.getByRole('button', { name: /^Revoke the link to Company/ }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this link?' });
    await expectAccessible('the revoke confirmation');
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.locator('.fui-Toast', { hasText: 'Link revoked' }).waitFor();
    await expect.poll(() => dialog.getByText('No links yet.').isVisible()).toBe(true);
    // The link was shown once; now that it is revoked it is not shown again.
    expect(await dialog.getByRole('textbox', { name: 'Subscription link' }).count()).toBe(0);
    await expect.poll(() => dialog.getByRole('button', { name: 'Create link' }).evaluate((button) => button === document.activeElement)).toBe(true);
    expect((await fetch(feedUrl)).status).toBe(404);
  });

  test('a calendar’s own menu offers Subscribe…, which opens the dialog on that calendar', async () => {
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'More actions for Engineering' }).click();
    await page.getByRole('menuitem', { name: 'Subscribe…' }).click();
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Calendar' }).textContent()).toBe('Engineering');
  });
});
