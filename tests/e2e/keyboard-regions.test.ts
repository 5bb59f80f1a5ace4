import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { localDate, signIn, waitForEvents } from './harness/calendar-page.ts';
import { catalog } from './harness/catalogs.ts';

const app = useAppAndBrowser();

// Eddie's month, signed in once for the file; each test loads the page afresh, so focus starts at the page's top.
let page: Page;
beforeAll(async () => {
  page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
  await signIn(page, /Eddie Editor/);
});
afterAll(() => page.context().close());

async function monthFromTop(locale = 'en'): Promise<void> {
  await page.goto(`/?view=month&locale=${locale}`);
  await waitForEvents(page);
  // The header's commands, which come after the first events.
  await page.locator('header button').nth(1).waitFor();
}

/** Which of the page's regions focus is in (header, panel, calendar), and what has it. */
function focusedRegion() {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    return { region: active?.closest('[data-region]')?.getAttribute('data-region') ?? null, date: active?.dataset.date ?? null, text: active?.textContent ?? '' };
  });
}

describe('skip link and F6', () => {
  test('the first Tab shows "Skip to calendar" in view; Enter on it puts focus on the calendar’s current day, the address unchanged', async () => {
    await monthFromTop();
    const address = page.url();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to calendar' });
    expect(await skip.evaluate((link) => link === document.activeElement)).toBe(true);
    const box = (await skip.boundingBox())!;
    expect(box.width).toBeGreaterThan(40);
    expect(box.height).toBeGreaterThan(16);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await expect.poll(focusedRegion).toMatchObject({ region: 'calendar', date: localDate(0) });
    expect(page.url()).toBe(address);
  });

  test('F6 goes header → side panel → calendar and round again, Shift+F6 back; each region keeps where focus was in it', async () => {
    await monthFromTop();
    const regions: (string | null)[] = [];
    for (let press = 0; press < 4; press++) {
      await page.keyboard.press('F6');
      regions.push((await focusedRegion()).region);
    }
    expect(regions).toEqual(['header', 'panel', 'calendar', 'header']);
    await page.keyboard.press('Shift+F6');
    expect(await focusedRegion()).toMatchObject({ region: 'calendar', date: localDate(0) });
    // In the calendar, a day further on; out and back: focus is on that day again.
    await page.keyboard.press('ArrowRight');
    const moved = (await focusedRegion()).date;
    expect(moved).toBe(localDate(1));
    await page.keyboard.press('Shift+F6');
    expect((await focusedRegion()).region).toBe('panel');
    await page.keyboard.press('F6');
    expect(await focusedRegion()).toMatchObject({ region: 'calendar', date: moved });
  });

  test('F6 does nothing while a dialog is open: focus stays in it', async () => {
    await monthFromTop();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Go to today').waitFor();
    await expect.poll(() => dialog.evaluate((surface) => surface.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('F6');
    expect(await dialog.evaluate((surface) => surface.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('in Arabic the skip link and the regions carry the catalogue’s names', async () => {
    const ar = catalog('ar');
    await monthFromTop('ar');
    await page.keyboard.press('Tab');
    expect(await page.getByRole('link', { name: ar['shell.skipToCalendar'] }).evaluate((link) => link === document.activeElement)).toBe(true);
    await page.getByRole('banner', { name: ar['shell.regionHeader'] }).waitFor();
    await page.getByRole('complementary', { name: ar['shell.drawerTitle'] }).waitFor();
    await page.getByRole('main', { name: ar['shell.regionCalendar'] }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});

describe('Fluent’s focus sentinels (tabster’s dummy inputs)', () => {
  test('are out of the tab order at rest, and a dialog still keeps Tab and Shift+Tab in it, even once focus is lost from under it', async () => {
    await monthFromTop();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Go to today').waitFor();
    const sentinelTabIndexes = () => page.evaluate(() => [...document.querySelectorAll('[data-tabster-dummy]')].map((sentinel) => sentinel.getAttribute('tabindex')));
    // The dialog's own pair is among them once tabster has placed it.
    await expect.poll(() => dialog.evaluate((surface) => surface.querySelectorAll('[data-tabster-dummy]').length)).toBe(2);
    expect(new Set(await sentinelTabIndexes())).toEqual(new Set(['-1']));
    const inDialog = () => dialog.evaluate((surface) => surface.contains(document.activeElement) && !document.activeElement!.hasAttribute('data-tabster-dummy'));
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await inDialog(), key).toBe(true);
    }
    // Focus lost from under the dialog (as when the control it was on is disabled): tabster has nothing to move on
    // from, the browser's own Tab decides, and only the dialog's sentinels bring focus back into it. Were they kept out
    // of the tab order for Tab presses too, focus would end on the page's body, outside the dialog.
    for (const key of ['Tab', 'Shift+Tab']) {
      await page.evaluate(() => (document.activeElement as HTMLElement).blur());
      await page.keyboard.press(key);
      expect(await inDialog(), `${key} once focus was lost`).toBe(true);
    }
    expect(new Set(await sentinelTabIndexes())).toEqual(new Set(['-1']));
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
