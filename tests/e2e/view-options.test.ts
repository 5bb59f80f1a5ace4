import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { dayCell, localDate, signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();
let page: Page;

beforeAll(async () => {
  page = await (await newContext(app.browser, app.server.baseUrl, { viewport: { width: 1280, height: 1000 } })).newPage();
  await signIn(page, /Eddie Editor/);
  await waitForEvents(page);
});

const address = () => Object.fromEntries(new URL(page.url()).searchParams);
const navLinks = () => page.locator('.cc-calendar .cc-nav-link').count();

describe('getting around and view options', () => {
  test('a day’s number goes to that day', async () => {
    await dayCell(page, localDate()).locator('.cc-nav-link').click();
    await expect.poll(address).toEqual({ view: 'day', date: localDate() });
    await page.goBack();
    await expect.poll(() => page.locator('[role=tab][aria-selected=true]').textContent()).toBe('Month');
  });

  test('week numbers, once shown, are on every week of the month and go to that week; the choice stays after a reload', async () => {
    const days = await navLinks();
    const weekNumbers = page.getByRole('switch', { name: 'Show week numbers' });
    expect(await weekNumbers.isChecked()).toBe(false);
    await weekNumbers.click();
    await expect.poll(navLinks).toBeGreaterThanOrEqual(days + 4);
    expect(await axeViolations(page)).toEqual([]);
    await page.reload();
    await waitForEvents(page);
    expect(await page.getByRole('switch', { name: 'Show week numbers' }).isChecked()).toBe(true);
    await expect.poll(navLinks).toBeGreaterThanOrEqual(days + 4);
    // The week numbers are the links that name no day.
    await page.locator('.cc-calendar .cc-nav-link:not([data-date] .cc-nav-link)').first().click();
    await expect.poll(() => address().view).toBe('week');
  });

  test('the working day is shaded in the week view from 08:00 to 18:00, and follows the hours the user sets', async () => {
    await page.keyboard.press('w');
    await expect.poll(() => page.locator('.cc-non-business').count()).toBeGreaterThan(0);
    const morning = async () => {
      const heights = await page.locator('.cc-non-business').evaluateAll((blocks) => blocks.map((block) => [block.getBoundingClientRect().top, block.getBoundingClientRect().height] as const));
      const top = Math.min(...heights.map(([blockTop]) => blockTop));
      // A weekday's morning: the shortest block from midnight (a weekend's spans the whole day).
      return Math.min(...heights.filter(([blockTop]) => blockTop === top).map(([, height]) => height));
    };
    const fromEight = await morning();
    await page.getByRole('combobox', { name: 'Working day from' }).selectOption('10');
    await expect.poll(async () => (await morning()) / fromEight).toBeCloseTo(10 / 8, 1);
    // An end before the start moves the start back: the day keeps at least an hour.
    await page.getByRole('combobox', { name: 'to' }).selectOption('9');
    expect(await page.getByRole('combobox', { name: 'Working day from' }).inputValue()).toBe('8');
  });
});
