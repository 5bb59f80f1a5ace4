import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { launchBrowser, newContext } from '../e2e/harness/browser.ts';
import { signIn, waitForEvents } from '../e2e/harness/calendar-page.ts';
import { startServer, type AppServer } from '../e2e/harness/server.ts';

interface ViolationWindow {
  __cspViolations: string[];
}

let server: AppServer;
let browser: Browser;
let context: BrowserContext;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await newContext(browser, server.baseUrl);
  // Listening before any of the app's scripts run, so that a violation during start-up is seen too.
  await context.addInitScript(() => {
    const watched = window as unknown as ViolationWindow;
    watched.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      watched.__cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI}`);
    });
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the Content Security Policy reports only real violations', () => {
  test('loading the app, signing in and the first calendar render trip no CSP check (zod runs without its eval probe)', async () => {
    const page = await context.newPage();
    const cspConsoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) cspConsoleErrors.push(message.text());
    });
    const eventsLoaded = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');

    await signIn(page, /Eddie Editor/);
    expect((await eventsLoaded).status()).toBe(200);
    await waitForEvents(page);
    // An event's details validate with the shared schemas too.
    await page.locator('.cc-event').first().click();
    await page.getByRole('dialog').waitFor();

    const violations = await page.evaluate(() => (window as unknown as ViolationWindow).__cspViolations);
    expect(violations).toEqual([]);
    expect(cspConsoleErrors).toEqual([]);
  });
});
