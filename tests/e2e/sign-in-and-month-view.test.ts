import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { launchBrowser, newContext } from './harness/browser.ts';
import { calendarEvent, dayCell, localDate, signIn } from './harness/calendar-page.ts';
import { startServer, type AppServer } from './harness/server.ts';

let server: AppServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let events: CalendarEvent[];

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  context = await newContext(browser, server.baseUrl);
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('signing in and the month view', () => {
  test('Eddie signs in and sees the seeded events in the month view', async () => {
    const eventsResponse = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
    await signIn(page, /Eddie Editor/);
    const response = await eventsResponse;
    expect(response.status()).toBe(200);
    events = (await response.json()) as CalendarEvent[];
    expect(events.length).toBeGreaterThan(10);

    await expect.poll(() => page.getByRole('tab', { name: 'Month' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByTestId('signed-in-user').textContent()).toContain('Eddie Editor');
    await dayCell(page, localDate()).waitFor();
    // Every event the server sent is on the calendar (the viewport is tall enough to need no "+ more" links).
    for (const event of events) await calendarEvent(page, event.id).first().waitFor();
    expect(await page.locator('.cc-event', { hasText: 'Engineering stand-up' }).count()).toBeGreaterThan(5);
  });

  test('the sign-in survives a reload, and an event opens from the keyboard', async () => {
    await page.reload();
    await page.getByTestId('signed-in-user').waitFor();
    const [event] = events.filter((candidate) => candidate.title !== 'Engineering stand-up');
    await calendarEvent(page, event!.id).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe(event!.title);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('signing out returns to the sign-in screen', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in to Company Calendar' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Sign in to Company Calendar' }).waitFor();
  });
});
