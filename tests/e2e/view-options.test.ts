import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { VersionedSettings } from '../../src/shared/user-settings-schema.ts';
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

const isSettingsChange = (response: Response) => new URL(response.url()).pathname === '/api/me/settings' && response.request().method() === 'PATCH';
const settingsSaved = (response: Response) => isSettingsChange(response) && response.ok();
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

  test('the view options are the person’s settings: another browser signed in as them shows them', async () => {
    // Set above: week numbers on, and the working day from 08:00 to 09:00.
    const elsewhere = await (await newContext(app.browser, app.server.baseUrl, { viewport: { width: 1280, height: 1000 } })).newPage();
    await signIn(elsewhere, /Eddie Editor/);
    await waitForEvents(elsewhere);
    expect(await elsewhere.getByRole('switch', { name: 'Show week numbers' }).isChecked()).toBe(true);
    expect(await elsewhere.getByRole('combobox', { name: 'to' }).inputValue()).toBe('9');
    // A change here leaves the other browser a version behind: its next change is applied over this one, not lost.
    const savedHere = page.waitForResponse(settingsSaved);
    await page.getByRole('combobox', { name: 'Time format' }).selectOption('h23');
    expect((await savedHere).status()).toBe(200);
    const statusesThere: number[] = [];
    elsewhere.on('response', (response) => void (isSettingsChange(response) && statusesThere.push(response.status())));
    const savedThere = elsewhere.waitForResponse(settingsSaved);
    await elsewhere.getByRole('switch', { name: 'Show week numbers' }).click();
    expect(((await (await savedThere).json()) as VersionedSettings).values).toMatchObject({ timeFormat: 'h23', weekNumbers: false });
    expect(statusesThere).toEqual([412, 200]);
    // The week view, scrolled to the working day: its events may all be out of sight, so the panel is waited for.
    await page.reload();
    await page.getByRole('switch', { name: 'Show week numbers' }).waitFor();
    expect(await page.getByRole('switch', { name: 'Show week numbers' }).isChecked()).toBe(false);
    expect(await page.getByRole('combobox', { name: 'Time format' }).inputValue()).toBe('h23');
    await elsewhere.context().close();
  });

  test('settings an earlier build kept on a device are carried over to the person once, and leave the device', async () => {
    const context = await newContext(app.browser, app.server.baseUrl, { viewport: { width: 1280, height: 1000 } });
    // Before the app's first load only: later loads must find them gone.
    await context.addInitScript(() => {
      if (sessionStorage.getItem('kept-settings-seeded')) return;
      sessionStorage.setItem('kept-settings-seeded', '1');
      localStorage.setItem('company-calendar:view-options', JSON.stringify({ weekNumbers: true, workingHours: { startHour: 7, endHour: 15 } }));
      localStorage.setItem('company-calendar:time-format', JSON.stringify('h23'));
    });
    const device = await context.newPage();
    await signIn(device, /Riley Reader/);
    await waitForEvents(device);
    await expect.poll(() => device.getByRole('switch', { name: 'Show week numbers' }).isChecked()).toBe(true);
    expect(await device.getByRole('combobox', { name: 'Working day from' }).inputValue()).toBe('7');
    expect(await device.getByRole('combobox', { name: 'Time format' }).inputValue()).toBe('h23');
    expect(await device.evaluate(() => [localStorage.getItem('company-calendar:view-options'), localStorage.getItem('company-calendar:time-format')])).toEqual([null, null]);
    // Saved for Riley, not for this device: a browser that never had them shows them too.
    const elsewhere = await (await newContext(app.browser, app.server.baseUrl, { viewport: { width: 1280, height: 1000 } })).newPage();
    await signIn(elsewhere, /Riley Reader/);
    await waitForEvents(elsewhere);
    expect(await elsewhere.getByRole('switch', { name: 'Show week numbers' }).isChecked()).toBe(true);
    expect(await elsewhere.getByRole('combobox', { name: 'Time format' }).inputValue()).toBe('h23');
    await Promise.all([context.close(), elsewhere.context().close()]);
  });
});
