import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { localDate, signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();
let page: Page;

beforeAll(async () => {
  page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
  await signIn(page, /Eddie Editor/);
  await waitForEvents(page);
});

const selectedView = () => page.locator('[role=tab][aria-selected=true]').textContent();
const shownDate = () => new URL(page.url()).searchParams.get('date');
const toolbarTitle = () => page.locator('.cc-toolbar-title').textContent();

describe('keyboard shortcuts', () => {
  test('w, n, k, t, d, a and m move the calendar and change its view; each move is announced', async () => {
    await page.keyboard.press('w');
    await expect.poll(selectedView).toBe('Week');
    const week = shownDate()!;
    await page.keyboard.press('n');
    await expect.poll(shownDate).not.toBe(week);
    const next = shownDate()!;
    expect(Date.parse(next) - Date.parse(week)).toBe(7 * 86_400_000);
    await expect.poll(() => page.getByTestId('period-announcement').textContent()).toBe(await toolbarTitle());
    await page.keyboard.press('k');
    await expect.poll(shownDate).toBe(week);
    await page.keyboard.press('j');
    await expect.poll(shownDate).toBe(next);
    await page.keyboard.press('t');
    await expect.poll(shownDate).toBe(week);
    await page.keyboard.press('d');
    await expect.poll(selectedView).toBe('Day');
    expect(shownDate()).toBe(localDate());
    await page.keyboard.press('a');
    await expect.poll(selectedView).toBe('Upcoming');
    await page.keyboard.press('m');
    await expect.poll(selectedView).toBe('Month');
  });

  test('? lists the shortcuts in a dialog, where they do nothing; Esc closes it; axe finds nothing', async () => {
    const before = page.url();
    await page.keyboard.press('?');
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await dialog.getByText('Go to today').waitFor();
    expect(await dialog.locator('kbd').allTextContents()).toEqual(expect.arrayContaining(['t', 'n', 'j', 'p', 'k', 'm', 'w', 'd', 'a', 'c', '?', 'Esc']));
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press('n');
    expect(page.url()).toBe(before);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  test('c opens a new event; what is typed in its fields stays there and moves nothing', async () => {
    const before = page.url();
    await page.keyboard.press('c');
    const title = page.getByRole('dialog').getByRole('textbox', { name: /Title/ });
    await title.waitFor();
    await title.pressSequentially('nmwt?');
    expect(await title.inputValue()).toBe('nmwt?');
    expect(page.url()).toBe(before);
    expect(await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).count()).toBe(0);
    // What was typed is not thrown away unasked.
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
  });

  test('the header’s menu lists them too', async () => {
    await page.getByRole('button', { name: 'More options' }).click();
    await page.getByRole('menuitem', { name: /Keyboard shortcuts/ }).click();
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
  });
});
