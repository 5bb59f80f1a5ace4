import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { axeViolations } from './harness/axe.ts';
import { launchBrowser, newContext } from './harness/browser.ts';
import { signIn, waitForEvents } from './harness/calendar-page.ts';
import { startServer, type AppServer } from './harness/server.ts';

let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function monthView(colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = await (await newContext(browser, server.baseUrl, { colorScheme })).newPage();
  await signIn(page, /Eddie Editor/);
  await waitForEvents(page);
  return page;
}

describe.each(['light', 'dark'] as const)('accessibility, %s', (colorScheme) => {
  let page: Page;

  beforeAll(async () => {
    page = await monthView(colorScheme);
  });

  test('the month view has no WCAG 2.1 A/AA violations', async () => {
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the week and list views have none', async () => {
    for (const view of ['Week', 'List']) {
      await page.getByRole('tab', { name: view }).click();
      await expect.poll(() => page.getByRole('tab', { name: view }).getAttribute('aria-selected')).toBe('true');
      expect(await axeViolations(page), view).toEqual([]);
    }
    await page.getByRole('tab', { name: 'Month' }).click();
    await waitForEvents(page);
  });

  test('the event details have none', async () => {
    // A stand-up: in the Engineering calendar, which Eddie may edit.
    await page.locator('.cc-event', { hasText: 'Engineering stand-up' }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('the event form, with errors showing, has none', async () => {
    await page.getByRole('dialog').getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit event' });
    await form.getByLabel('Title').fill('');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Enter a title').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('accessibility, forced colours', () => {
  test('with the system’s own colours forced, the month view has no WCAG 2.1 A/AA violations', async () => {
    const page = await (await newContext(browser, server.baseUrl, { forcedColors: 'active' })).newPage();
    await signIn(page, /Eddie Editor/);
    await waitForEvents(page);
    // The high-contrast theme keeps what forced colours leave alone in keeping: its neutral background is black.
    const background = await page.locator('.fui-FluentProvider').first().evaluate((provider) => getComputedStyle(provider).getPropertyValue('--colorNeutralBackground1'));
    expect(background.trim()).toBe('#000000');
    expect(await axeViolations(page)).toEqual([]);
  });
});
