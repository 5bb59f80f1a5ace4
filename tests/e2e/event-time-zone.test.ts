// Issue 28, forms: an event's own time zone, chosen in the form ("10:00 in Tokyo" planned from elsewhere), saved and
// shown; the time zone boxes select their text on focus, so typing "Tokyo" replaces it and finds Asia/Tokyo.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { newContext, TEST_TIME_ZONE } from './harness/browser.ts';
import { calendarEvent, dayCell, localDate, signIn, timeZoneField, waitForEvents } from './harness/calendar-page.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { shownDate, shownTime, shownValue, typeInto } from './harness/event-form.ts';

const app = useAppAndBrowser();
const TOKYO_OPTION = / Asia\/Tokyo /;

/** Whether the whole of a field's text is selected, so that what is typed replaces it. */
const allSelected = (field: Locator) =>
  field.evaluate((input: HTMLInputElement) => input.value.length > 0 && input.selectionStart === 0 && input.selectionEnd === input.value.length);

describe('an event’s time zone', () => {
  let page: Page;
  let created: CalendarEvent;
  const day = localDate(2);

  beforeAll(async () => {
    page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(page, /Eddie Editor/);
    await waitForEvents(page);
  });

  test('a new event is in the zone shown; a click in the zone box selects its text, and “Tokyo” finds Asia/Tokyo', async () => {
    await page.getByRole('button', { name: 'New event' }).first().click();
    const form = page.getByRole('dialog', { name: 'New event' });
    const zone = form.getByRole('combobox', { name: 'Time zone' });
    expect(await zone.inputValue()).toContain(` ${TEST_TIME_ZONE.replaceAll('_', ' ')}`);
    await zone.click();
    await expect.poll(() => allSelected(zone)).toBe(true);
    await page.keyboard.type('Tokyo');
    expect(await zone.inputValue()).toBe('Tokyo');
    await page.getByRole('option', { name: TOKYO_OPTION }).click();
    await expect.poll(() => zone.inputValue()).toMatch(TOKYO_OPTION);

    await form.getByLabel('Title').fill('Call with the Tokyo office');
    await typeInto(form.getByRole('combobox', { name: 'Start date' }), day);
    await typeInto(form.getByRole('combobox', { name: 'Start time' }), '10:00');
    await typeInto(form.getByRole('combobox', { name: 'End time' }), '11:00');
    // The times are Tokyo's; the viewer's own follow under the zone.
    const tokyoTen = new Date(`${day}T01:00:00Z`);
    const ownTen = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: TEST_TIME_ZONE }).format(tokyoTen).replace(/\s?[AP]M$/, '');
    await expect.poll(async () => (await form.getByText(`In ${TEST_TIME_ZONE.replaceAll('_', ' ')}:`).textContent())?.replace(/\s/g, ' ')).toContain(ownTen);

    const saved = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/events'));
    await form.getByRole('button', { name: 'Create' }).click();
    const response = await saved;
    expect(response.status()).toBe(201);
    created = (await response.json()) as CalendarEvent;
    expect(created.extendedProps.timeZone).toBe('Asia/Tokyo');
    expect(created.start).toBe(tokyoTen.toISOString());
    await form.waitFor({ state: 'detached' });
  });

  test('its details say when it is in Tokyo, and the form shows it in Tokyo’s time', async () => {
    await calendarEvent(dayCell(page, localDate(2)), created.id).first().click();
    const details = page.getByRole('dialog', { name: 'Call with the Tokyo office' });
    await details.getByTestId('event-zone-when').filter({ hasText: /^In Asia\/Tokyo: .*10:00/ }).waitFor();
    await details.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit event' });
    expect(await form.getByRole('combobox', { name: 'Time zone' }).inputValue()).toMatch(TOKYO_OPTION);
    expect(await shownValue(form.getByRole('combobox', { name: 'Start date' }))).toBe(shownDate(day));
    expect(await shownValue(form.getByRole('combobox', { name: 'Start time' }))).toBe(shownTime('10:00'));
    expect(await shownValue(form.getByRole('combobox', { name: 'End time' }))).toBe(shownTime('11:00'));
  });

  test('another zone keeps the times on the clock, now that zone’s, and is saved', async () => {
    const form = page.getByRole('dialog', { name: 'Edit event' });
    const zone = form.getByRole('combobox', { name: 'Time zone' });
    // By keyboard: Tab into the box selects its text too.
    await form.getByRole('combobox', { name: 'End time' }).focus();
    await page.keyboard.press('Tab');
    await expect.poll(() => zone.evaluate((input) => input === document.activeElement)).toBe(true);
    await expect.poll(() => allSelected(zone)).toBe(true);
    await page.keyboard.type('Kolkata');
    await page.getByRole('option', { name: / Asia\/Kolkata / }).click();
    const saved = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await form.getByRole('button', { name: 'Save' }).click();
    const body = (await (await saved).json()) as CalendarEvent;
    expect(body.extendedProps.timeZone).toBe('Asia/Kolkata');
    // 10:00 in Kolkata (UTC+05:30).
    expect(body.start).toBe(new Date(`${day}T04:30:00Z`).toISOString());
    await form.waitFor({ state: 'detached' });
  });
});

describe('the side panel’s time zone box', () => {
  test('selects its text on focus, so that “Tokyo” typed at once finds Asia/Tokyo', async () => {
    const page = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(page, /Eddie Editor/);
    await waitForEvents(page);
    const field = timeZoneField(page);
    await field.click();
    await expect.poll(() => allSelected(field)).toBe(true);
    await page.keyboard.type('Tokyo');
    await page.getByRole('option', { name: TOKYO_OPTION }).waitFor();
    await page.context().close();
  });
});
