import { describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

/** Eddie's calendar with the New event form open. */
async function newEventForm() {
  const page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
  await signIn(page, /Eddie Editor/);
  await waitForEvents(page);
  await page.getByRole('button', { name: 'New event' }).click();
  return { page, dialog: page.getByRole('dialog') };
}

describe('the event form', () => {
  test('an address typed without its scheme gets https:// on leaving the field, says so, and is saved so', async () => {
    const { page, dialog } = await newEventForm();
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

  test('moving the start moves the end with it; changing the end alone changes the length', async () => {
    const { page, dialog } = await newEventForm();
    const field = (name: string) => dialog.locator(`input[name="${name}"]`);
    await field('startDate').fill('2026-12-01');
    await field('startTime').fill('09:00');
    await field('endDate').fill('2026-12-01');
    await field('endTime').fill('10:30');
    await field('startTime').fill('16:00');
    expect([await field('endDate').inputValue(), await field('endTime').inputValue()]).toEqual(['2026-12-01', '17:30']);
    await field('startDate').fill('2026-12-03');
    expect([await field('endDate').inputValue(), await field('endTime').inputValue()]).toEqual(['2026-12-03', '17:30']);
    await field('endTime').fill('18:00');
    expect(await field('startTime').inputValue()).toBe('16:00');
    await field('startTime').fill('17:00');
    expect(await field('endTime').inputValue()).toBe('19:00');
    await page.close();
  });
});
