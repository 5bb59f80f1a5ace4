import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext } from './harness/browser.ts';
import { signIn, waitForEvents } from './harness/calendar-page.ts';
import { startServer, type AppServer } from './harness/server.ts';

let server: AppServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await newContext(browser, server.baseUrl);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('development sign-in changed in another tab', () => {
  test('the first tab follows with the new user’s data, not the previous user’s cached calendars', async () => {
    const first = await context.newPage();
    await signIn(first, /Riley Reader/);
    await waitForEvents(first);
    await first.getByRole('button', { name: 'More options' }).waitFor();
    expect(await first.getByRole('button', { name: 'New event' }).count()).toBe(0);

    // Another tab of the site signs in Eddie, an editor; the choice reaches the first tab through localStorage.
    const other = await context.newPage();
    await other.goto('/privacy');
    await other.evaluate(() => localStorage.setItem('company-calendar:dev-user', JSON.stringify('eddie')));

    await first.getByTestId('signed-in-user').getByText('Eddie Editor').waitFor();
    // Riley's calendars (read-only) would still be fresh in the cache for half a minute.
    await first.getByRole('button', { name: 'New event' }).waitFor({ timeout: 5_000 });
  });
});
