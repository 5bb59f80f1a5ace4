import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { signIn } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

/** The calendar's editor in Manage calendars, with its people picker's box. */
async function openEditor(page: Page, name: string): Promise<{ form: Locator; box: Locator }> {
  const dialog = page.getByRole('dialog', { name: 'Manage calendars' });
  if (!(await dialog.isVisible())) await page.getByRole('button', { name: 'Manage calendars' }).click();
  await dialog.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const form = page.getByRole('form', { name: `Edit ${name}`, exact: true });
  return { form, box: form.getByRole('combobox', { name: /^Editors/ }) };
}

/** The list of matches the box opened (it is drawn outside the form, in a layer of its own). */
async function matches(page: Page, box: Locator): Promise<Locator> {
  await expect.poll(() => box.getAttribute('aria-controls')).toBeTruthy();
  return page.locator(`[id="${await box.getAttribute('aria-controls')}"]`);
}

async function expectAccessible(page: Page, where: string) {
  for (const media of [{ colorScheme: 'light' }, { colorScheme: 'dark' }, { colorScheme: 'light', forcedColors: 'active' }] as const) {
    await page.emulateMedia(media);
    expect(await axeViolations(page), `${where}, ${JSON.stringify(media)}`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light', forcedColors: 'none' });
}

describe('the people picker of a calendar’s editors', () => {
  test('Ada swaps Riley for Eddie and the Engineering group, by name and keyboard, and sees their names after saving', async () => {
    const api = new ApiDriver(app.server.baseUrl);
    const token = await api.token('ada');
    const name = `Picked ${Date.now().toString(36)}`;
    const created = await api.request<Calendar>('POST', '/api/calendars', { token, body: { name, color: '#0F6CBD', editors: ['riley'] } });
    expect(created.status).toBe(201);

    const page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(page, /Ada Admin/);
    const { form, box } = await openEditor(page, name);
    // The stored id shows as the directory names it.
    await form.getByText('Riley Reader', { exact: true }).waitFor();

    // Backspace in the empty box goes to the last person, and Backspace again removes them, as in Outlook.
    await box.focus();
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await form.getByText('Riley Reader', { exact: true }).waitFor({ state: 'detached' });

    await box.focus();
    await page.keyboard.type('ed');
    const list = await matches(page, box);
    const eddie = list.getByRole('option', { name: /Eddie Editor/ });
    await eddie.waitFor();
    expect(await eddie.textContent()).toContain('eddie@demo.example');
    await expectAccessible(page, 'the picker’s open list');
    await eddie.click();
    await form.getByText('Eddie Editor', { exact: true }).waitFor();

    await box.focus();
    await page.keyboard.type('eng');
    await (await matches(page, box)).getByRole('option', { name: /Engineering/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await form.getByText('Engineering', { exact: true }).waitFor();

    await box.focus();
    await page.keyboard.type('zz');
    await (await matches(page, box)).getByText('No people or groups match “zz”').waitFor();
    await page.keyboard.press('Escape');

    await form.getByRole('button', { name: 'Save calendar' }).click();
    await form.waitFor({ state: 'detached' });
    const saved = await api.request<Calendar[]>('GET', '/api/calendars', { token });
    expect(saved.body.find((calendar) => calendar.id === created.body.id)?.editors).toEqual(['eddie', 'group-engineering']);

    const reopened = await openEditor(page, name);
    await reopened.form.getByText('Eddie Editor', { exact: true }).waitFor();
    await reopened.form.getByText('Engineering', { exact: true }).waitFor();
    expect(await reopened.form.getByText('Riley Reader', { exact: true }).count()).toBe(0);
    await page.close();
  });
});
