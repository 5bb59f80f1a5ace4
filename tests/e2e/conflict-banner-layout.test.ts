import { describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { localDate, signIn } from './harness/calendar-page.ts';
import { catalog } from './harness/catalogs.ts';

const app = useAppAndBrowser();

const ENGLISH: Record<string, string> = { 'eventDetails.edit': 'Edit', 'eventForm.editTitle': 'Edit event', 'eventForm.title': 'Title', 'eventForm.save': 'Save' };
const say = (locale: string, id: string) => (locale === 'en' ? ENGLISH[id] : catalog(locale)[id]);

/** An event of Eddie's today, with a long title so that the banner's list of fields taken is long too. */
async function companyEvent(api: ApiDriver, token: string, title: string): Promise<CalendarEvent> {
  const today = localDate();
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${await api.calendarId(token, 'Company')}/events`, {
    token,
    body: { title, start: new Date(`${today}T15:00`).toISOString(), end: new Date(`${today}T16:00`).toISOString(), extendedProps: { location: 'Room 1' } },
  });
  expect(created.status).toBe(201);
  return created.body;
}

describe('the edit conflict banner', () => {
  // Its text ran out of its box on one line: it wraps inside it, in the longest languages and in Arabic.
  test.each(['en', 'fr', 'de', 'ar'])('in %s at 390 px and 1366 px keeps its text inside its box', async (locale) => {
    const api = new ApiDriver(app.server.baseUrl);
    const token = await api.token('eddie');
    for (const width of [390, 1366]) {
      const event = await companyEvent(api, token, `Conflict ${locale} ${width}`);
      const phone = width < 500;
      const context = await newContext(app.browser, app.server.baseUrl, { viewport: { width, height: 900 }, isMobile: phone, hasTouch: phone });
      const page = await context.newPage();
      await signIn(page, /Eddie Editor/);
      await page.goto(`/?locale=${locale}&eventId=${event.id}`);
      await page.getByRole('dialog', { name: event.title }).getByRole('button', { name: say(locale, 'eventDetails.edit'), exact: true }).click();
      const form = page.getByRole('dialog', { name: say(locale, 'eventForm.editTitle') });
      await form.getByRole('textbox', { name: say(locale, 'eventForm.title') }).first().fill(`${event.title}, edited`);
      // Someone else changes the location and the description meanwhile: the banner lists what was taken from them.
      const changed = await api.request('PATCH', `/api/calendars/${event.extendedProps.calendarId}/events/${event.id}`, {
        token,
        ifMatch: `"${event.extendedProps.version}"`,
        body: { extendedProps: { location: 'Room 2', description: 'Moved' } },
      });
      expect(changed.status).toBe(200);
      await form.getByRole('button', { name: say(locale, 'eventForm.save'), exact: true }).click();
      const banner = form.locator('.fui-MessageBar[role=alert]');
      await banner.waitFor();

      const spill = await banner.evaluate((bar) => {
        const box = bar.getBoundingClientRect();
        const body = bar.querySelector('.fui-MessageBarBody')!;
        const range = document.createRange();
        range.selectNodeContents(body);
        const outside = [...range.getClientRects()].filter(
          (line) => line.width > 0 && (line.left < box.left - 1 || line.right > box.right + 1 || line.top < box.top - 1 || line.bottom > box.bottom + 1),
        );
        return { outside: outside.length, hidden: body.scrollWidth - body.clientWidth, beyondScreen: box.right - document.documentElement.clientWidth };
      });
      expect(spill.outside, `${locale} ${width} px: lines outside the banner`).toBe(0);
      expect(spill.hidden, `${locale} ${width} px: text cut off`).toBeLessThanOrEqual(1);
      expect(spill.beyondScreen, `${locale} ${width} px`).toBeLessThanOrEqual(0);
      await context.close();
    }
  });
});
