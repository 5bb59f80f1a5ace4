import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { CALENDAR_NAME_MAX } from '../../src/shared/limits.ts';
import { plainTextToHtml } from '../../src/shared/rich-text.ts';
import { sanitiseRichText } from '../../src/api/content/sanitise-html.ts';
import { ApiDriver } from '../e2e/harness/api.ts';
import { launchBrowser, newContext } from '../e2e/harness/browser.ts';
import { calendarEvent, calendarRowAction, dayCell, dragTo, localDate, signIn } from '../e2e/harness/calendar-page.ts';
import { startServer, type AppServer } from '../e2e/harness/server.ts';
import { expectLiteralText } from './helpers/expect-literal-text.ts';
import { NOTHING_RAN, watchScriptExecution, type ScriptExecutionWatch } from './helpers/script-execution-watch.ts';
import { PAYLOAD_URL, REFUSED_URLS, XSS_PAYLOADS, type XssPayload } from './helpers/xss-corpus.ts';

const TIME_ZONE_KEY = 'company-calendar:time-zone';
// Every event's description: the whole corpus as text, one payload a line, as the editor writes text typed into it
// and the server's sanitiser writes it back (which stores it so, unchanged).
const DESCRIPTION = XSS_PAYLOADS.map((payload) => payload.text).join('\n');
const DESCRIPTION_HTML = sanitiseRichText(plainTextToHtml(DESCRIPTION));
// One more event's: the corpus as markup, which the server sanitises and the page sanitises again.
const MARKUP_DESCRIPTION = XSS_PAYLOADS.map((payload) => `<p>${payload.text}</p>`).join('');
const HALF_HOUR_MS = 1_800_000;

let server: AppServer;
let browser: Browser;
let api: ApiDriver;
let adminToken: string;
/** One calendar per payload short enough to name one, named, described and edited by it. */
let payloadCalendars: Calendar[];
/** One event per payload, today: its title, location and group id are the payload. */
let payloadEvents: CalendarEvent[];
/** An event whose description is the corpus as markup. */
let markupEvent: CalendarEvent;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = new ApiDriver(server.baseUrl);
  adminToken = await api.token('ada');
  payloadCalendars = await createPayloadCalendars();
  payloadEvents = await createPayloadEvents();
  markupEvent = await createMarkupEvent();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function createPayloadCalendars(): Promise<Calendar[]> {
  const calendars: Calendar[] = [];
  for (const payload of XSS_PAYLOADS.filter((candidate) => candidate.text.length <= CALENDAR_NAME_MAX)) {
    calendars.push(await createCalendar(payload.text, payload));
  }
  return calendars;
}

async function createCalendar(name: string, payload: XssPayload): Promise<Calendar> {
  const created = await api.request<Calendar>('POST', '/api/calendars', {
    token: adminToken,
    // Editors are ids (a name or markup there is refused): the editor shows the directory's name for this one.
    body: { name, color: '#0F6CBD', description: payload.text, editors: ['eddie'] },
  });
  expect(created.status, payload.name).toBe(201);
  expect(created.body.name).toBe(name);
  return created.body;
}

async function createPayloadEvents(): Promise<CalendarEvent[]> {
  const company = await api.calendarId(adminToken, 'Company');
  const events: CalendarEvent[] = [];
  for (const [index, payload] of XSS_PAYLOADS.entries()) {
    const calendarId = payloadCalendars.find((calendar) => calendar.name === payload.text)?.id ?? company;
    // Half an hour apart from 08:00: every one has its own place in the day.
    const start = new Date(`${localDate()}T08:00`).getTime() + index * HALF_HOUR_MS;
    events.push(
      await createEvent(calendarId, {
        title: payload.text,
        start: new Date(start).toISOString(),
        end: new Date(start + 2 * HALF_HOUR_MS).toISOString(),
        url: PAYLOAD_URL,
        groupId: payload.text,
        extendedProps: { location: payload.text, description: DESCRIPTION_HTML },
      }),
    );
  }
  return events;
}

async function createMarkupEvent(): Promise<CalendarEvent> {
  const start = new Date(`${localDate()}T07:00`).getTime();
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${await api.calendarId(adminToken, 'Company')}/events`, {
    token: adminToken,
    body: { title: 'Markup description', start: new Date(start).toISOString(), end: new Date(start + HALF_HOUR_MS).toISOString(), extendedProps: { description: MARKUP_DESCRIPTION } },
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function createEvent(calendarId: string, body: Record<string, unknown>): Promise<CalendarEvent> {
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, { token: adminToken, body });
  expect(created.status).toBe(201);
  // Stored as sent: what the views must show is exactly the payload.
  expect(created.body).toMatchObject(body);
  return created.body;
}

describe('what the API refuses', () => {
  test('links other than http and https, in a new event and in a change', async () => {
    const [calendar] = payloadCalendars;
    const [event] = payloadEvents;
    for (const url of REFUSED_URLS) {
      const created = await api.request<Problem>('POST', `/api/calendars/${calendar!.id}/events`, {
        token: adminToken,
        body: { title: 'Link check', start: localDate(), url },
      });
      expect(created.status, url).toBe(400);
      expect(fieldsAtFault(created.body), url).toEqual(['url']);
      const patched = await api.request('PATCH', `/api/calendars/${event!.extendedProps.calendarId}/events/${event!.id}`, {
        token: adminToken,
        ifMatch: `"${event!.extendedProps.version}"`,
        body: { url },
      });
      expect(patched.status, url).toBe(400);
    }
    expect((await api.event(adminToken, event!.extendedProps.calendarId, event!.id)).url).toBe(PAYLOAD_URL);
  });

  test('a payload as a colour or a time zone', async () => {
    const [payload] = XSS_PAYLOADS;
    const colour = await api.request<Problem>('POST', '/api/calendars', { token: adminToken, body: { name: 'Colour check', color: payload!.text } });
    expect(colour.status).toBe(400);
    expect(fieldsAtFault(colour.body)).toEqual(['color']);
    const zone = await api.request<Problem>('POST', `/api/calendars/${payloadCalendars[0]!.id}/events`, {
      token: adminToken,
      body: { title: 'Zone check', start: localDate(), extendedProps: { timeZone: payload!.text } },
    });
    expect(zone.status).toBe(400);
    expect(fieldsAtFault(zone.body)).toEqual(['extendedProps.timeZone']);
  });
});

// Once with the server's CSP, and once with Chromium ignoring it: the views must escape, not lean on the CSP.
describe.each([
  { csp: 'enforced', bypassCSP: false },
  { csp: 'bypassed', bypassCSP: true },
])('the corpus in every view and dialog, CSP $csp', ({ bypassCSP }) => {
  let context: BrowserContext;
  let page: Page;
  let watch: ScriptExecutionWatch;
  // This run's own: a calendar it deletes and an all-day event whose move it fails.
  let doomedCalendar: Calendar;
  let unmovable: CalendarEvent;
  const apiRequestsInFlight = new Set<Request>();

  beforeAll(async () => {
    const [, second] = XSS_PAYLOADS;
    doomedCalendar = await createCalendar(`Delete me ${second!.text}`, second!);
    const textareaBreakout = XSS_PAYLOADS.find((payload) => payload.text.includes('</textarea>'))!;
    unmovable = await createEvent(payloadCalendars[0]!.id, { title: textareaBreakout.text, allDay: true, start: localDate(), end: localDate(1) });
    context = await newContext(browser, server.baseUrl, { bypassCSP, reducedMotion: 'reduce' });
    watch = await watchScriptExecution(context);
    // No live stream (429, an hour's Retry-After): the failed move's test deletes its event behind the page's back,
    // which live updates would take off the page before the drag.
    await context.route('**/api/changes', (route) => route.fulfill({ status: 429, headers: { 'retry-after': '3600' }, body: '' }));
    page = await context.newPage();
    // The API requests the page has sent and not yet seen answered: a drag waits until none is, so that no answer
    // draws the calendar anew under it.
    page.on('request', (request) => isApiRequest(request) && apiRequestsInFlight.add(request));
    page.on('requestfinished', (request) => apiRequestsInFlight.delete(request));
    page.on('requestfailed', (request) => apiRequestsInFlight.delete(request));
  });

  afterAll(async () => {
    await context?.close();
  });

  // Read and forgotten after each test, so a failure names the test whose view ran the script.
  afterEach(async () => {
    const seen = await watch.seen(page);
    await watch.reset(page);
    expect(seen).toEqual(NOTHING_RAN);
  });

  test('the watch sees markup that runs script, and the page carries the CSP', async () => {
    const landing = page.waitForResponse((response) => response.request().resourceType() === 'document');
    await signIn(page, /Ada Admin/);
    const csp = (await landing).headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);

    // The control: an onerror handler rendered as markup is seen, as a marker or as what the CSP blocked.
    await page.evaluate(() => {
      const control = document.createElement('div');
      control.innerHTML = '<img src="/no-such-image" onerror="__xss.push(0)">';
      document.body.append(control);
    });
    const seen = await watch.seen(page);
    if (bypassCSP) expect(seen.markers).toEqual([0]);
    else expect(seen.blockedInlineScripts).toHaveLength(1);
    await page.reload();
    await page.getByRole('heading', { name: 'Company Calendar', level: 1 }).waitFor();
    await watch.reset(page);
  });

  test('the side panel lists the calendars, and the month view and its popover show the events', async () => {
    await expectLiteralText(page.getByRole('region', { name: 'Calendars' }), payloadCalendars.map((calendar) => calendar.name));
    const today = dayCell(page, localDate());
    await calendarEvent(today, payloadEvents[0]!.id).waitFor();
    // The cell shows what fits; the rest are in the popover its "more" button opens.
    const shown = await visibleEventIds(today);
    expect(shown.length).toBeGreaterThan(0);
    await expectLiteralText(today, titlesOf(shown));
    await today.getByRole('button', { name: /^\+\d+ more$/ }).click();
    const popover = page.locator('.cc-popover');
    await calendarEvent(popover, payloadEvents.at(-1)!.id).waitFor();
    await expectLiteralText(popover, titlesOf(payloadEvents.map((event) => event.id)));
    await page.keyboard.press('Escape');
    await popover.waitFor({ state: 'detached' });
  });

  test('the week, day and list views show every title', async () => {
    for (const view of ['Week', 'Day', 'Upcoming']) {
      await page.getByRole('tab', { name: view }).click();
      await calendarEvent(page, payloadEvents.at(-1)!.id).first().waitFor();
      await expectLiteralText(page.locator('.cc-calendar'), titlesOf(payloadEvents.map((event) => event.id)));
    }
  });

  test('each event’s details show every field as it was written', async () => {
    // Opened from the list view, where every event is in view.
    for (const event of payloadEvents) {
      const details = await openDetails(page, event);
      // The description's lines are its paragraph's, between line breaks.
      await expectLiteralText(details, [event.title, calendarName(event), event.extendedProps.location, ...XSS_PAYLOADS.map((payload) => payload.text), PAYLOAD_URL]);
      expect(await details.getByRole('link', { name: PAYLOAD_URL, exact: true }).getAttribute('href')).toBe(PAYLOAD_URL);
      await details.getByRole('button', { name: 'Close' }).click();
      await details.waitFor({ state: 'detached' });
    }
  });

  test('a description written as markup shows no element beyond the formatting allowed', async () => {
    const details = await openDetails(page, markupEvent);
    const description = details.locator('dt:text-is("Description") + dd');
    await description.waitFor();
    // What is left is text and the allowed formatting (the corpus holds no allowed tag but links, whose scheme it refuses).
    expect(await description.locator(':scope > div *:not(p, br, strong, b, em, i, u, h2, h3, h4, ul, ol, li, a, blockquote)').count()).toBe(0);
    expect(await description.locator('[style], [onerror], [onload], [onfocus], [onmouseover], [ontoggle], [srcdoc]').count()).toBe(0);
    expect(await description.locator('a[href]:not([href^="https:"]):not([href^="http:"])').count()).toBe(0);
    await expectLiteralText(description, ['__xss.push(5)']);
    await details.getByRole('button', { name: 'Close' }).click();
    await details.waitFor({ state: 'detached' });
  });

  test('the delete confirmation quotes the title; the edit form holds every field and refuses a javascript: link unsent', async () => {
    const event = payloadEvents.find((candidate) => candidate.title.includes('</textarea>'))!;
    const details = await openDetails(page, event);
    await details.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
    await expectLiteralText(confirm, [`“${event.title}” will be deleted for everyone.`]);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });

    await details.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit event' });
    expect(await form.getByLabel('Title').inputValue()).toBe(event.title);
    expect(await form.getByLabel('Location').inputValue()).toBe(event.extendedProps.location);
    expect(await form.getByRole('textbox', { name: 'Description' }).innerText()).toBe(DESCRIPTION);
    expect(await form.getByRole('textbox', { name: 'Link', exact: true }).inputValue()).toBe(PAYLOAD_URL);
    // Every calendar the user may edit is an option: each payload name inside an <option>.
    await expectLiteralText(form.getByLabel('Calendar'), payloadCalendars.map((calendar) => calendar.name));

    const writes: string[] = [];
    const recordWrite = (request: Request) => request.method() !== 'GET' && writes.push(request.url());
    page.on('request', recordWrite);
    await form.getByRole('textbox', { name: 'Link', exact: true }).fill(REFUSED_URLS[0]!);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Only http:// and https:// links are allowed').waitFor();
    page.off('request', recordWrite);
    expect(writes).toEqual([]);
    await form.getByRole('button', { name: 'Cancel' }).click();
    // The changed link is not thrown away unasked.
    await page.getByRole('alertdialog', { name: 'Discard changes?' }).getByRole('button', { name: 'Discard' }).click();
    await form.waitFor({ state: 'detached' });
  });

  test('the manage-calendars dialog lists and edits every calendar, and its delete confirmation and toast name one', async () => {
    await page.getByRole('button', { name: 'Manage calendars' }).click();
    // One dialog, whose title changes as it goes from the list to an editor.
    const dialog = page.getByRole('dialog');
    await expectLiteralText(dialog, [...payloadCalendars.map((calendar) => calendar.name), doomedCalendar.name]);
    for (const calendar of payloadCalendars) {
      await dialog.getByRole('button', { name: `Edit ${calendar.name}`, exact: true }).click();
      const editor = dialog.getByRole('form', { name: `Edit ${calendar.name}`, exact: true });
      await expectLiteralText(dialog.getByRole('heading'), [`Edit ${calendar.name}`]);
      expect(await editor.getByLabel('Name').inputValue()).toBe(calendar.name);
      expect(await editor.getByLabel('Description').inputValue()).toBe(calendar.description);
      await editor.getByText('Eddie Editor', { exact: true }).waitFor();
      await editor.getByRole('button', { name: 'Cancel' }).click();
      await editor.waitFor({ state: 'detached' });
    }

    await calendarRowAction(dialog, doomedCalendar.name, 'Delete calendar…');
    const confirm = page.getByRole('alertdialog', { name: `Delete ${doomedCalendar.name}?`, exact: true });
    await confirm.getByRole('button', { name: 'Delete calendar' }).click();
    // .first(): the toaster also announces it in a live region.
    await page.getByText(`${doomedCalendar.name} deleted`, { exact: true }).first().waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  test('the toast for a move that failed quotes the event’s title', async () => {
    // The test before deleted a calendar: the calendars' refetch, and the events' after it, land before the drag, not
    // in the middle of it (where they would draw the event being dragged anew and end the drag).
    await page.getByRole('checkbox', { name: doomedCalendar.name, exact: true }).waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Month' }).click();
    const event = calendarEvent(dayCell(page, localDate()), unmovable.id);
    await event.waitFor();
    await expect.poll(() => apiRequestsInFlight.size).toBe(0);
    // Deleted once the move is on its way, so it fails with a 404 and the toast names the event. Deleted before the
    // drag, the page could drop the event (a window fetched again) before the drag reached it.
    const path = `/api/calendars/${unmovable.extendedProps.calendarId}/events/${unmovable.id}`;
    let deleted = 0;
    await page.route(`**${path}`, async (route) => {
      if (route.request().method() !== 'PATCH') return route.fallback();
      deleted = (await api.request('DELETE', path, { token: adminToken, ifMatch: `"${unmovable.extendedProps.version}"` })).status;
      await route.continue();
    });
    // The event's own PATCH: the page may change other things meanwhile (a person's settings).
    const refused = page.waitForResponse((response) => response.request().method() === 'PATCH' && response.url().includes(`/events/${unmovable.id}`));
    await dragTo(page, event, dayCell(page, localDate(1)));
    // FullCalendar ends a drop on the next animation frame, which headless Chromium only draws when something changes.
    await page.mouse.move(0, 0);
    expect((await refused).status()).toBe(404);
    expect(deleted).toBe(204);
    await page.unroute(`**${path}`);
    await page.getByText(`“${unmovable.title}” could not be moved`, { exact: true }).first().waitFor();
  });

  test('a deep link, a tab’s calendars and a stored time zone carrying payloads are shown as missing', async () => {
    const [, second, , fourth, fifth] = XSS_PAYLOADS;
    await page.evaluate(([key, zone]) => localStorage.setItem(key!, JSON.stringify(zone)), [TIME_ZONE_KEY, second!.text]);
    await page.goto(`/?${new URLSearchParams({ eventId: fourth!.text, calendars: fifth!.text })}`);
    await page.getByText(/^The linked event (no longer exists|could not be opened)$/).first().waitFor();
    await page.getByText('The calendars this tab shows no longer exist', { exact: false }).waitFor();
    // A stored zone that is no IANA name is ignored: the device's own zone is shown.
    expect(await page.getByRole('combobox', { name: 'Time zone' }).inputValue()).toMatch(/^This device’s \(/);
  });
});

async function openDetails(page: Page, event: CalendarEvent): Promise<Locator> {
  await calendarEvent(page, event.id).first().click();
  const details = page.getByRole('dialog', { name: event.title, exact: true });
  await details.getByRole('button', { name: 'Edit' }).waitFor();
  return details;
}

// The live stream stays open as long as the page: it is no request to wait for.
const isApiRequest = (request: Request) => new URL(request.url()).pathname.startsWith('/api/') && !request.url().includes('/api/changes');

function calendarName(event: CalendarEvent): string {
  return payloadCalendars.find((calendar) => calendar.id === event.extendedProps.calendarId)?.name ?? 'Company';
}

function fieldsAtFault(problem: Problem): string[] {
  return (problem.errors ?? []).map((error) => error.field);
}

async function visibleEventIds(scope: Locator): Promise<string[]> {
  return scope.locator('[data-event-id]').evaluateAll((elements) =>
    elements.filter((element) => element.checkVisibility({ visibilityProperty: true })).map((element) => (element as HTMLElement).dataset.eventId ?? ''),
  );
}

function titlesOf(eventIds: readonly string[]): string[] {
  return payloadEvents.filter((event) => eventIds.includes(event.id)).map((event) => event.title);
}
