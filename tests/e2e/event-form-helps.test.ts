import { describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { signIn, waitForEvents } from './harness/calendar-page.ts';
import { shownDate, shownTime, shownValue, typeInto } from './harness/event-form.ts';

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
    await typeInto(field('startDate'), '2026-12-01');
    await typeInto(field('startTime'), '09:00');
    await typeInto(field('endDate'), '2026-12-01');
    await typeInto(field('endTime'), '10:30');
    await typeInto(field('startTime'), '16:00');
    expect([await shownValue(field('endDate')), await shownValue(field('endTime'))]).toEqual([shownDate('2026-12-01'), shownTime('17:30')]);
    await typeInto(field('startDate'), '2026-12-03');
    expect([await shownValue(field('endDate')), await shownValue(field('endTime'))]).toEqual([shownDate('2026-12-03'), shownTime('17:30')]);
    await typeInto(field('endTime'), '6:00 pm');
    expect(await shownValue(field('startTime'))).toBe(shownTime('16:00'));
    await typeInto(field('startTime'), '17:00');
    expect(await shownValue(field('endTime'))).toBe(shownTime('19:00'));
    await page.close();
  });

  test('a typed time that is no time leaves the field without one: the form asks for a time and saves nothing', async () => {
    const { page, dialog } = await newEventForm();
    await dialog.getByRole('textbox', { name: /Title/ }).fill('No time');
    const field = (name: string) => dialog.locator(`input[name="${name}"]`);
    await typeInto(field('startTime'), 'half past nine');
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST') posted = true;
    });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('Enter a start time').waitFor();
    expect(await field('startTime').inputValue()).toBe('half past nine');
    expect(posted).toBe(false);
    await page.close();
  });
});
