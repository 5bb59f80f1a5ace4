import { describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

describe('the event form’s link', () => {
  test('an address typed without its scheme gets https:// on leaving the field, says so, and is saved so', async () => {
    const page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(page, /Eddie Editor/);
    await waitForEvents(page);
    await page.getByRole('button', { name: 'New event' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /Title/ }).fill('Link check');
    const link = dialog.getByRole('textbox', { name: 'Link' });
    await link.fill('www.example.com/agenda');
    await link.press('Tab');
    expect(await link.inputValue()).toBe('https://www.example.com/agenda');
    await dialog.getByText('https:// was added in front of the address.').waitFor();

    const created = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/events'));
    await dialog.getByRole('button', { name: 'Create' }).click();
    const response = await created;
    expect(response.status()).toBe(201);
    expect(((await response.json()) as CalendarEvent).url).toBe('https://www.example.com/agenda');
    await page.close();
  });
});
