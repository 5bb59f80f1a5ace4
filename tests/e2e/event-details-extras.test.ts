import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { EVENT_TITLE_MAX } from '../../src/shared/limits.ts';
import { RICH_TEXT_LINK_REL } from '../../src/shared/rich-text.ts';
import { CHARACTER_COUNT_SHOWN_FROM } from '../../src/web/features/events/lib/character-count.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { newContext } from './harness/browser.ts';
import { localDate, signIn, waitForEvents } from './harness/calendar-page.ts';
import { shownDate, shownTime, shownValue } from './harness/event-form.ts';

const app = useAppAndBrowser();

/** An event of Eddie's on the Company calendar, made through the API. */
async function companyEvent(fields: { title: string; description: string; location: string; url: string }): Promise<CalendarEvent> {
  const api = new ApiDriver(app.server.baseUrl);
  const token = await api.token('eddie');
  const today = localDate();
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${await api.calendarId(token, 'Company')}/events`, {
    token,
    body: {
      title: fields.title,
      start: new Date(`${today}T13:00`).toISOString(),
      end: new Date(`${today}T14:30`).toISOString(),
      url: fields.url,
      extendedProps: { location: fields.location, description: fields.description },
    },
  });
  expect(created.status).toBe(201);
  return created.body;
}

// Eddie's calendar, signed in once for the file (a context and a sign-in each cost seconds): each test opens its
// own address in it.
let eddie: Page | undefined;
afterAll(() => eddie?.context().close());

async function eddieAt(path: string): Promise<Page> {
  if (!eddie) {
    eddie = await (await newContext(app.browser, app.server.baseUrl)).newPage();
    await signIn(eddie, /Eddie Editor/);
    await waitForEvents(eddie);
  }
  await eddie.goto(path);
  return eddie;
}

/** Eddie's calendar with an event's details open, through its link. */
async function openDetails(event: CalendarEvent) {
  const page = await eddieAt(`/?eventId=${event.id}`);
  const details = page.getByRole('dialog', { name: event.title });
  await details.waitFor();
  return { page, details };
}

describe('the event details and form', () => {
  test('a description’s links open in a new tab, with no opener or referrer; a link of another scheme stays text', async () => {
    const event = await companyEvent({
      title: 'Links in the description',
      description: '<p>Agenda: <a href="https://example.com/agenda">the agenda</a>. Not a link: <a href="javascript:alert(1)">javascript:alert(1)</a></p>',
      location: '',
      url: '',
    });
    const { details } = await openDetails(event);
    const link = details.getByRole('link', { name: 'the agenda' });
    expect(await link.getAttribute('href')).toBe('https://example.com/agenda');
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('rel')).toBe(RICH_TEXT_LINK_REL);
    await details.getByText(/Not a link: javascript:alert\(1\)/).waitFor();
    expect(await details.locator('a[href^="javascript"]').count()).toBe(0);
  });

  test('Duplicate opens a new event with the event’s fields, the title focused, and creates a copy', async () => {
    const event = await companyEvent({ title: 'Design review', description: 'Bring sketches', location: 'Room 4', url: 'https://example.com/review' });
    const { page, details } = await openDetails(event);
    await details.getByRole('button', { name: 'Duplicate' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    const title = form.getByRole('textbox', { name: /Title/ });
    await expect.poll(() => title.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await title.inputValue()).toBe('Design review');
    expect(await form.locator('input[name="location"]').inputValue()).toBe('Room 4');
    expect(await form.getByRole('textbox', { name: 'Description' }).textContent()).toBe('Bring sketches');
    expect(await form.locator('input[name="url"]').inputValue()).toBe('https://example.com/review');

    const posted = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/events'));
    await form.getByRole('button', { name: 'Create' }).click();
    const response = await posted;
    expect(response.status()).toBe(201);
    const copy = (await response.json()) as CalendarEvent;
    expect(copy.id).not.toBe(event.id);
    expect([copy.title, copy.start, copy.end, copy.url]).toEqual([event.title, event.start, event.end, event.url]);
    expect(copy.extendedProps.calendarId).toBe(event.extendedProps.calendarId);
  });

  test('a new-event link opens the New event form filled in with its valid parameters, once', async () => {
    const page = await eddieAt('/?new=1&title=Offsite%20day&start=2027-03-09T10:00&end=2027-03-09T12:30&calendarId=no-such-calendar');
    const form = page.getByRole('dialog', { name: 'New event' });
    await form.waitFor();
    expect(await form.getByRole('textbox', { name: /Title/ }).inputValue()).toBe('Offsite day');
    const field = (name: string) => form.locator(`input[name="${name}"]`);
    expect([await shownValue(field('startDate')), await shownValue(field('startTime'))]).toEqual([shownDate('2027-03-09'), shownTime('10:00')]);
    expect([await shownValue(field('endDate')), await shownValue(field('endTime'))]).toEqual([shownDate('2027-03-09'), shownTime('12:30')]);
    // A calendar the user cannot add to is ignored: the form offers its usual first one.
    expect(await form.locator('select[name="calendarId"]').inputValue()).not.toBe('no-such-calendar');
    expect(new URL(page.url()).searchParams.has('new')).toBe(false);
  });

  test('the title says how full it is near its limit, politely', async () => {
    const page = await eddieAt('/');
    await waitForEvents(page);
    await page.getByRole('button', { name: 'New event' }).click();
    const form = page.getByRole('dialog', { name: 'New event' });
    const title = form.getByRole('textbox', { name: /Title/ });
    const shownFrom = Math.ceil(EVENT_TITLE_MAX * CHARACTER_COUNT_SHOWN_FROM);
    await title.fill('x'.repeat(shownFrom - 1));
    expect(await form.getByText(/ of 200 characters/).count()).toBe(0);
    await title.fill('x'.repeat(shownFrom));
    const counter = form.getByText(`${shownFrom} of 200 characters`);
    await counter.waitFor();
    expect(await counter.getAttribute('aria-live')).toBe('polite');
    // The counter describes the field, so it is heard with it too.
    expect(await title.getAttribute('aria-describedby')).toBe(await counter.getAttribute('id'));
  });
});

describe('the event details’ commands', () => {
  // Six commands in one row ran out of the dialog: Edit 25 px left of it in English, 117 px in French; in Arabic the
  // last passed its right edge.
  test.each(['en', 'fr', 'ar'])('in %s at 1366 px and at 390 px are all inside the dialog, none overlapping another', async (locale) => {
    const event = await companyEvent({ title: `Commands ${locale}`, description: 'Agenda', location: 'Room 1', url: 'https://example.com/agenda' });
    for (const width of [1366, 390]) {
      const page = await (await newContext(app.browser, app.server.baseUrl, { viewport: { width, height: 900 } })).newPage();
      await signIn(page, /Eddie Editor/);
      await page.goto(`/?locale=${locale}&eventId=${event.id}`);
      const details = page.getByRole('dialog', { name: event.title });
      await details.waitFor();
      const buttons = details.locator('.fui-DialogActions button');
      await expect.poll(() => buttons.count()).toBeGreaterThanOrEqual(5);
      const dialog = (await details.boundingBox())!;
      const boxes = await buttons.evaluateAll((all) => all.map((button) => button.getBoundingClientRect().toJSON() as DOMRect));
      for (const button of boxes) {
        expect(button.left, `${width} px`).toBeGreaterThanOrEqual(dialog.x - 1);
        expect(button.right, `${width} px`).toBeLessThanOrEqual(dialog.x + dialog.width + 1);
      }
      const overlaps = boxes.filter((a, i) => boxes.slice(i + 1).some((b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1));
      expect(overlaps, `${width} px`).toEqual([]);
      await page.context().close();
    }
  });
});
