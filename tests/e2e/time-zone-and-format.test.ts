import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { chooseTimeZone, localDate, signIn, timeZoneField, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();
let page: Page;

beforeAll(async () => {
  page = await (await newContext(app.browser, app.server.baseUrl, { viewport: { width: 1280, height: 1000 } })).newPage();
  await signIn(page, /Eddie Editor/);
  await waitForEvents(page);
});

const optionNames = () => page.getByRole('listbox').getByRole('option').allTextContents();
const groupOf = (name: string) => page.getByRole('group', { name });

describe('the time zone list', () => {
  test('finds zones by any word, each with its offset and name, and lists those chosen lately after the device’s', async () => {
    await timeZoneField(page).click();
    // All of Intl's zones, by their current names: Kolkata, never Calcutta.
    await expect.poll(async () => (await optionNames()).length).toBeGreaterThan(300);
    expect((await optionNames())[0]).toMatch(/^This device’s/);
    await timeZoneField(page).fill('calcutta');
    await page.getByRole('option', { name: 'No time zone matches your search' }).waitFor();
    await timeZoneField(page).fill('india kolkata');
    await expect.poll(optionNames).toEqual(['(UTC+05:30) Asia/Kolkata – India Standard Time']);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('option', { name: /Asia\/Kolkata/ }).click();
    await expect.poll(() => timeZoneField(page).inputValue()).toBe('(UTC+05:30) Asia/Kolkata – India Standard Time');

    await chooseTimeZone(page, 'Asia/Tokyo');
    await timeZoneField(page).click();
    await groupOf('Recently used').waitFor();
    expect(await groupOf('Recently used').getByRole('option').allTextContents()).toEqual([
      '(UTC+09:00) Asia/Tokyo – Japan Standard Time',
      '(UTC+05:30) Asia/Kolkata – India Standard Time',
    ]);
    // Each zone once: those recently used are not listed again below.
    expect(await groupOf('All time zones').getByRole('option', { name: /Asia\/Kolkata/ }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await page.reload();
    await waitForEvents(page);
    expect(await timeZoneField(page).inputValue()).toBe('(UTC+09:00) Asia/Tokyo – Japan Standard Time');
    await chooseTimeZone(page, '');
    await expect.poll(() => timeZoneField(page).inputValue()).toMatch(/^This device’s/);
  });
});

const slotLabels = () =>
  page.locator('.cc-calendar [data-time]').evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).innerText.trim()).filter(Boolean));
const eventTimes = () => page.locator('.cc-calendar .cc-event-time').allInnerTexts();
// A bare hour ("9", "2pm"): a number that is neither minutes nor followed by them.
const BARE_HOUR = /(^|[^:\d])\d{1,2}(?![:\d])/;

describe('time format', () => {
  test('the week’s slots and events share one format, 12-hour in en-US until 24-hour is chosen', async () => {
    await page.getByRole('tab', { name: 'Week' }).click();
    // This week's (the month stood on today): the demo's meetings are on weekdays around today.
    await page.locator(`[role=columnheader][data-date="${localDate()}"]`).waitFor();
    await expect.poll(async () => (await slotLabels()).length).toBe(24);
    await expect.poll(async () => (await eventTimes()).length).toBeGreaterThan(0);
    const twelveHour = [...(await slotLabels()), ...(await eventTimes())];
    for (const time of twelveHour) {
      expect(time).toMatch(/^\d{1,2}:\d{2}(\s[AP]M)?(\s–\s\d{1,2}:\d{2})?\s[AP]M$/);
      expect(time).not.toMatch(BARE_HOUR);
    }

    const timeFormat = page.getByRole('combobox', { name: 'Time format' });
    await timeFormat.selectOption('h23');
    await expect.poll(slotLabels).toContain('13:00');
    const twentyFourHour = [...(await slotLabels()), ...(await eventTimes())];
    for (const time of twentyFourHour) expect(time).toMatch(/^\d{2}:\d{2}(\s–\s\d{2}:\d{2})?$/);
    // The working day's hours are written the same way.
    expect(await page.getByRole('combobox', { name: 'Working day from' }).locator('option:checked').textContent()).toBe('08:00');

    await page.reload();
    await waitForEvents(page);
    expect(await timeFormat.inputValue()).toBe('h23');
    await timeFormat.selectOption('locale');
    await expect.poll(slotLabels).toContain('1:00 PM');
  });
});
