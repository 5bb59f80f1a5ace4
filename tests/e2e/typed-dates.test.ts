// Issue 28: dates are typed as people type them, in their locale's order, with its words; an impossible date is an
// error at the field, never another date.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { newContext } from './harness/browser.ts';
import { localDate, signIn, waitForEvents } from './harness/calendar-page.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { typeInto } from './harness/event-form.ts';

const app = useAppAndBrowser();

const medium = (locale: string, iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
const shown = async (field: Locator) => (await field.inputValue()).replace(/\s/g, ' ');

describe.each([
  {
    locale: 'en-GB',
    newEvent: 'New event',
    startDate: 'Start date',
    create: 'Create',
    tomorrow: 'tomorrow',
    monthName: '10 December 2026',
    february: 'February 2026 has 28 days',
  },
  {
    locale: 'fr',
    newEvent: 'Nouvel événement',
    startDate: 'Date de début',
    create: 'Créer',
    tomorrow: 'demain',
    monthName: '10 décembre 2026',
    february: 'Le mois de février 2026 compte 28 jours',
  },
])('typing dates in $locale', ({ locale, newEvent, startDate, create, tomorrow, monthName, february }) => {
  let page: Page;
  let form: Locator;
  let start: Locator;

  beforeAll(async () => {
    page = await (await newContext(app.browser, app.server.baseUrl, { locale })).newPage();
    await signIn(page, /Eddie Editor/);
    await page.goto(`/?locale=${locale}`);
    await waitForEvents(page);
    await page.getByRole('button', { name: newEvent }).first().click();
    form = page.getByRole('dialog', { name: newEvent });
    start = form.getByRole('combobox', { name: startDate });
    await start.waitFor();
  });

  afterAll(async () => {
    await page.context().close();
  });

  test('10/12/2026 is the 10th of December, in the locale’s order', async () => {
    await typeInto(start, '10/12/2026');
    expect(await shown(start)).toBe(medium(locale, '2026-12-10'));
    expect(await start.getAttribute('aria-invalid')).not.toBe('true');
  });

  test('31/02/2026 stays as typed, with an error at the field read out at once, and nothing is saved', async () => {
    await form.getByRole('textbox').first().fill('Typed dates');
    await typeInto(start, '31/02/2026');
    expect(await shown(start)).toBe('31/02/2026');
    await form.getByRole('alert').filter({ hasText: february }).waitFor();
    expect(await start.getAttribute('aria-invalid')).toBe('true');
    const posts: string[] = [];
    page.on('request', (request) => void (request.method() === 'POST' && posts.push(request.url())));
    await form.getByRole('button', { name: create }).click();
    await form.getByRole('alert').filter({ hasText: february }).waitFor();
    expect(await shown(start)).toBe('31/02/2026');
    expect(posts.filter((url) => url.includes('/events'))).toEqual([]);
  });

  test('the locale’s word for tomorrow, and a month name, are dates too; a date saves as typed', async () => {
    await typeInto(start, tomorrow);
    expect(await shown(start)).toBe(medium(locale, localDate(1)));
    expect(await form.getByRole('alert').filter({ hasText: february }).count()).toBe(0);
    await typeInto(start, monthName);
    expect(await shown(start)).toBe(medium(locale, '2026-12-10'));
    const saved = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/events'));
    await form.getByRole('button', { name: create }).click();
    const event = (await (await saved).json()) as CalendarEvent;
    expect(new Date(event.start).toISOString().slice(0, 10)).toBe('2026-12-10');
  });
});
