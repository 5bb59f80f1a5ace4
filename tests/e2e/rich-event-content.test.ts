import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { RICH_TEXT_LINK_REL } from '../../src/shared/rich-text.ts';
import { ApiDriver } from './harness/api.ts';
import { useAppAndBrowser } from './harness/app-and-browser.ts';
import { axeViolations, DIALOGS } from './harness/axe.ts';
import { newContext } from './harness/browser.ts';
import { calendarEvent, localDate, signIn, waitForEvents } from './harness/calendar-page.ts';

const app = useAppAndBrowser();

const YOUTUBE_LINK = 'https://youtu.be/dQw4w9WgXcQ?t=42';
const YOUTUBE_EMBED = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42';
const MEETING = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_NzY4%40thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d';
const MINUTE_MS = 60_000;

// One signed-in page for the file's tests (a context and a sign-in each cost seconds): each leaves no dialog open.
let page: Page;
let context: BrowserContext;
/** Requests for anything but loopback: recorded, then refused. */
const external: string[] = [];

/** Eddie's calendar, in a context where nothing leaves loopback. */
beforeAll(async () => {
  context = await newContext(app.browser, app.server.baseUrl);
  await context.route(
    (url) => url.hostname !== '127.0.0.1',
    (route) => {
      external.push(route.request().url());
      return route.abort();
    },
  );
  page = await context.newPage();
  await signIn(page, /Eddie Editor/);
  await waitForEvents(page);
});

afterAll(() => context?.close());

// A test that fails may leave a dialog open: the next starts on the calendar all the same, not failing for it too.
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail' || !page) return;
  await page.goto('/?view=month');
  await waitForEvents(page);
});

/** Closes an event's details by their Close button (focus may be in the video's frame, out of the page's keys' reach). */
async function closeDetails(details: Locator): Promise<void> {
  await details.getByRole('button', { name: 'Close' }).click();
  await details.waitFor({ state: 'detached' });
}

interface EventFields {
  title: string;
  start?: Date;
  minutes?: number;
  extendedProps?: Record<string, string>;
}

/** An event of Eddie's on the Company calendar, made through the API. */
async function companyEvent(fields: EventFields): Promise<CalendarEvent> {
  const api = new ApiDriver(app.server.baseUrl);
  const token = await api.token('eddie');
  return eventOn(await api.calendarId(token, 'Company'), token, fields);
}

async function eventOn(calendarId: string, token: string, fields: EventFields): Promise<CalendarEvent> {
  const api = new ApiDriver(app.server.baseUrl);
  const start = fields.start ?? new Date(`${localDate()}T13:00`);
  const created = await api.request<CalendarEvent>('POST', `/api/calendars/${calendarId}/events`, {
    token,
    body: {
      title: fields.title,
      start: start.toISOString(),
      end: new Date(start.getTime() + (fields.minutes ?? 90) * MINUTE_MS).toISOString(),
      extendedProps: fields.extendedProps ?? {},
    },
  });
  expect(created.status).toBe(201);
  return created.body;
}

async function openDetails(event: CalendarEvent): Promise<Locator> {
  await page.goto(`/?eventId=${event.id}`);
  const details = page.getByRole('dialog', { name: event.title });
  await details.waitFor();
  return details;
}

async function newEventForm(title: string): Promise<Locator> {
  await page.getByRole('button', { name: 'New event' }).click();
  const form = page.getByRole('dialog', { name: 'New event' });
  await form.getByRole('textbox', { name: /Title/ }).fill(title);
  return form;
}

/** Creates the form's event: the body the server answered with. */
async function create(form: Locator): Promise<CalendarEvent> {
  const posted = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/events'));
  await form.getByRole('button', { name: 'Create' }).click();
  const response = await posted;
  expect(response.status()).toBe(201);
  await form.waitFor({ state: 'detached' });
  return (await response.json()) as CalendarEvent;
}

/** A paste of HTML into the editor, as the clipboard delivers one from Word. */
async function pasteHtml(editor: Locator, html: string): Promise<void> {
  await editor.evaluate((element, data) => {
    const clipboardData = new DataTransfer();
    clipboardData.setData('text/html', data);
    clipboardData.setData('text/plain', 'plain');
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  }, html);
}

describe('formatted descriptions', () => {
  test('written with the toolbar and the keyboard, saved as HTML, shown with their list and a link to a new tab', async () => {
    const form = await newEventForm('Formatted town hall');
    const editor = form.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Bring');
    expect(await form.getByRole('button', { name: 'Bold' }).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' laptops');
    await page.keyboard.press('Enter');
    await form.getByRole('button', { name: 'Bulleted list' }).click();
    // The toolbar gives focus back to the editor a frame later (Tiptap's focus command): keys typed before then would
    // reach the button, and Enter would press it again.
    await expect.poll(() => editor.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.type('first');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Agenda: ');
    await page.keyboard.press('Control+k');
    const linkBox = page.getByRole('dialog', { name: 'Link' });
    await linkBox.getByRole('textbox', { name: 'Link address' }).fill('javascript:alert(1)');
    await linkBox.getByRole('textbox', { name: 'Link address' }).press('Enter');
    await linkBox.getByText('Use an http://, https://, mailto: or tel: address').waitFor();
    await linkBox.getByRole('textbox', { name: 'Link address' }).fill('intranet.example.com/agenda');
    await linkBox.getByRole('textbox', { name: 'Link address' }).press('Enter');
    await linkBox.waitFor({ state: 'detached' });

    const created = await create(form);
    expect(created.extendedProps.description).toBe(
      '<p><strong>Bring</strong> laptops</p><ul><li><p>first</p></li><li><p>second</p></li></ul>' +
        '<p>Agenda: <a href="https://intranet.example.com/agenda">https://intranet.example.com/agenda</a></p>',
    );

    const details = await openDetails(created);
    expect(await details.locator('strong').textContent()).toBe('Bring');
    expect(await details.locator('ul > li').allTextContents()).toEqual(['first', 'second']);
    const link = details.getByRole('link', { name: 'https://intranet.example.com/agenda' });
    expect([await link.getAttribute('href'), await link.getAttribute('target'), await link.getAttribute('rel')]).toEqual([
      'https://intranet.example.com/agenda',
      '_blank',
      RICH_TEXT_LINK_REL,
    ]);
    await closeDetails(details);
  });

  test('pasted from Word, they keep only the allowed formatting: no styles, fonts, Office tags or tables', async () => {
    const form = await newEventForm('Pasted agenda');
    const editor = form.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await pasteHtml(
      editor,
      '<html xmlns:o="urn:schemas-microsoft-com:office:office"><body><!--StartFragment-->' +
        '<p class="MsoNormal" style="margin:0cm"><b><span style="font-size:14pt;font-family:Calibri;color:red">Town hall</span></b><o:p></o:p></p>' +
        '<p class="MsoListParagraph"><font face="Arial" color="#ff0000">Bring <i>questions</i></font><o:p>&nbsp;</o:p></p>' +
        '<table class="MsoTableGrid"><tr><td><p>cell text</p></td></tr></table>' +
        '<p><a href="javascript:alert(1)">bad link</a> <a href="https://example.com/qa" style="color:blue">good link</a></p>' +
        '<!--EndFragment--></body></html>',
    );
    const html = await editor.innerHTML();
    expect(html).toContain('<strong>Town hall</strong>');
    expect(html).toContain('<em>questions</em>');
    expect(html).toContain('cell text');
    expect(html).not.toMatch(/style=|class="Mso|<span|<font|<o:p|<table|<td|javascript:/);

    const created = await create(form);
    const description = created.extendedProps.description;
    expect(description).toContain('<strong>Town hall</strong>');
    expect(description).toContain('<a href="https://example.com/qa">good link</a>');
    expect(description).toContain('bad link');
    expect(description).not.toMatch(/style=|class=|<span|<font|<o:p|<table|<td|javascript:|target=|rel=/);
  });
});

describe('videos', () => {
  test('a YouTube link is stored as its embed; the details show a facade, and only a click loads the sandboxed player', async () => {
    const form = await newEventForm('Town hall recording');
    const video = form.getByRole('textbox', { name: 'Video' });
    await video.fill('https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ');
    await video.blur();
    await form.getByText('Use a YouTube or Vimeo video link').waitFor();
    await video.fill(YOUTUBE_LINK);
    await form.getByText(`YouTube video, shown from ${YOUTUBE_EMBED}`).waitFor();
    const created = await create(form);
    expect(created.extendedProps.video).toBe(YOUTUBE_EMBED);

    const details = await openDetails(created);
    const play = details.getByRole('button', { name: 'Town hall recording Play from YouTube' });
    await play.waitFor();
    expect(await details.locator('iframe').count()).toBe(0);
    expect(external.filter((url) => /youtube|ytimg|googlevideo|vimeo/.test(url))).toEqual([]);

    const asked = page.waitForRequest((request) => request.url().startsWith('https://www.youtube-nocookie.com/'));
    await play.click();
    const frame = details.locator('iframe');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?start=42(&|$)/);
    expect(await frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-presentation');
    expect(await frame.getAttribute('allow')).toBe('fullscreen; picture-in-picture');
    expect(await frame.getAttribute('referrerpolicy')).toBe('strict-origin-when-cross-origin');
    expect(await frame.getAttribute('title')).toBe('Video: Town hall recording (YouTube)');
    // The player is asked for only now (and refused here: no network beyond loopback).
    await asked;
    await closeDetails(details);
  });
});

describe('Teams meetings', () => {
  test('an event with a meeting shows Join in its details and its card; starting within 10 minutes, in the week view too', async () => {
    const start = new Date(Math.ceil((Date.now() + 5 * MINUTE_MS) / MINUTE_MS) * MINUTE_MS);
    // On a calendar of its own, shown alone in the week: the other tests' events at this time of day would share its
    // hour, and put it behind "+N" at some times of day.
    const api = new ApiDriver(app.server.baseUrl);
    const token = await api.token('ada');
    const meetings = await api.request<Calendar>('POST', '/api/calendars', { token, body: { name: 'Meetings', color: '#0F6CBD' } });
    expect(meetings.status).toBe(201);
    const event = await eventOn(meetings.body.id, token, { title: 'Teams sync', start, minutes: 60, extendedProps: { onlineMeetingUrl: MEETING } });
    // Join opens the meeting in a new tab (refused here: no network); the calendar's tab is brought back after.
    const joins = () => context.waitForEvent('request', (request) => request.url() === MEETING);
    const backToCalendar = async () => {
      for (const other of context.pages()) if (other !== page) await other.close();
      await page.bringToFront();
    };

    const details = await openDetails(event);
    const join = details.getByRole('button', { name: 'Join the Teams meeting' });
    let joined = joins();
    await join.click();
    await joined;
    await backToCalendar();
    await closeDetails(details);

    const date = `${start.getFullYear()}-${String(start.getMonth() + 1).padStart(2, '0')}-${String(start.getDate()).padStart(2, '0')}`;
    await page.goto(`/?view=week&date=${date}&calendars=${meetings.body.id}`);
    const shown = calendarEvent(page, event.id);
    const mark = shown.locator('.cc-join-soon');
    await mark.waitFor();
    // Before the working day the grid opens at its start, with an earlier event scrolled partly out of sight and its
    // title held in view over the mark: show the whole event first, as a person would scroll to it.
    await shown.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    expect(await mark.textContent()).toBe('Join');
    joined = joins();
    await mark.click();
    await joined;
    await backToCalendar();
    // The mark joins; it opens neither the event's details nor starts a drag.
    expect(await page.getByRole('dialog').count()).toBe(0);

    // Keyboard focus on the event shows its card; Tab goes into it, to Join, and Tab again back to the event.
    await shown.focus();
    const card = page.locator('[data-event-card]');
    await card.getByText('Teams sync').waitFor();
    await page.keyboard.press('Tab');
    const cardJoin = card.getByRole('button', { name: 'Join “Teams sync”' });
    await expect.poll(() => cardJoin.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => shown.evaluate((element) => element === document.activeElement)).toBe(true);
    await card.waitFor({ state: 'detached' });
  });

  test('an event starting later shows no Join mark in the week view', async () => {
    const start = new Date(`${localDate()}T00:00`);
    start.setDate(start.getDate() + 2);
    start.setHours(10);
    const event = await companyEvent({ title: 'Later sync', start, minutes: 30, extendedProps: { onlineMeetingUrl: MEETING } });
    await page.goto(`/?view=week&date=${localDate(2)}`);
    await calendarEvent(page, event.id).waitFor();
    expect(await calendarEvent(page, event.id).locator('.cc-join-soon').isVisible()).toBe(false);
  });
});

describe.each(['light', 'dark'] as const)('accessibility of the rich content, %s', (colorScheme) => {
  test('the event form with the editor and its link box, and the details with a video facade and Join, have no violations', async () => {
    // The month view, as after signing in, in the scheme: the shared page switches it rather than signing in again
    // (named: the app opens the view last shown, the week of the Teams tests).
    await page.emulateMedia({ colorScheme });
    await page.goto('/?view=month');
    await waitForEvents(page);
    const form = await newEventForm('Accessible event');
    const editor = form.getByRole('textbox', { name: 'Description' });
    await editor.click();
    await page.keyboard.type('Some ');
    await page.keyboard.press('Control+i');
    await page.keyboard.type('formatted');
    await form.getByRole('textbox', { name: 'Video' }).fill(YOUTUBE_LINK);
    await form.getByRole('textbox', { name: 'Teams meeting' }).fill(MEETING);
    expect(await axeViolations(page)).toEqual([]);
    await form.getByRole('button', { name: 'Link', exact: true }).click();
    await page.getByRole('dialog', { name: 'Link' }).getByRole('textbox', { name: 'Link address' }).waitFor();
    // The dialogs alone from here: the page beneath was read whole in this scheme, with the form open, just above.
    expect(await axeViolations(page, { include: DIALOGS })).toEqual([]);
    await page.keyboard.press('Escape');

    const created = await create(form);
    const details = await openDetails(created);
    await details.getByRole('button', { name: /Play from YouTube$/ }).waitFor();
    await details.getByRole('button', { name: 'Join the Teams meeting' }).waitFor();
    expect(await axeViolations(page, { include: DIALOGS })).toEqual([]);
    await closeDetails(details);
  });
});
