import { describe, expect, test } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { calendarRowAction, signIn } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

describe('Manage calendars, by keyboard', () => {
  test('after a calendar is deleted, focus stays in the dialog and Esc closes it', async () => {
    const api = new ApiDriver(app.server.baseUrl);
    const token = await api.token('ada');
    const created = await api.request<Calendar>('POST', '/api/calendars', { token, body: { name: 'Short-lived', color: '#0F6CBD' } });
    expect(created.status).toBe(201);

    const page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(page, /Ada Admin/);
    await page.getByRole('button', { name: 'Manage calendars' }).click();
    const dialog = page.getByRole('dialog');
    const confirm = page.getByRole('alertdialog', { name: 'Delete Short-lived?' });
    // Not confirmed, the menu's button has focus again.
    await calendarRowAction(dialog, 'Short-lived', 'Delete calendar…');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('More actions for Short-lived');
    await calendarRowAction(dialog, 'Short-lived', 'Delete calendar…');
    await confirm.getByRole('button', { name: 'Delete calendar' }).click();
    await dialog.getByRole('button', { name: 'More actions for Short-lived', exact: true }).waitFor({ state: 'detached' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('New calendar');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });
});
