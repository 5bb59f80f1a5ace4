import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { EVENT_DESCRIPTION_HTML_MAX, EVENT_DESCRIPTION_MAX } from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { descriptionText } from '../../src/shared/rich-text.ts';
import { build, type TestServer } from './helpers/test-server.ts';

const SHAREPOINT = 'https://contoso.sharepoint.com';
const GUID = '8c1f5e0a-3b2d-4c6e-9f7a-1d2e3f4a5b6c';
const MEETING = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_NjE4ZGY3%40thread.v2/0?context=%7b%22Tid%22%3a%22t%22%7d';

let api: TestServer;
let eddie: string;
let company: Calendar;

beforeAll(async () => {
  api = await build({ SHAREPOINT_ORIGINS: SHAREPOINT });
  eddie = await api.tokenFor('eddie');
  company = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body.find((c) => c.name === 'Company')!;
});
afterAll(() => api.close());

const eventsPath = () => `/api/calendars/${company.id}/events`;
const base = { title: 'Town hall', start: '2027-03-10T10:00:00Z', end: '2027-03-10T11:00:00Z' };

async function create(extendedProps: Record<string, unknown>): Promise<CalendarEvent> {
  const response = await api.request<CalendarEvent>('POST', eventsPath(), { token: eddie, body: { ...base, extendedProps } });
  expect(response.status).toBe(201);
  return response.body;
}

async function refused(extendedProps: Record<string, unknown>, field: string): Promise<Problem> {
  const title = `Refused ${Math.random()}`;
  const response = await api.request<Problem>('POST', eventsPath(), { token: eddie, body: { ...base, title, extendedProps } });
  expect(response.status).toBe(400);
  expect(response.body.errors?.map((e) => e.field)).toEqual([field]);
  const window = await api.request<CalendarEvent[]>('GET', '/api/events?start=2027-03-01&end=2027-04-01', { token: eddie });
  expect(window.body.some((e) => e.title === title)).toBe(false);
  return response.body;
}

describe('formatted descriptions', () => {
  it('are sanitised on create and on update, keeping the allowed formatting', async () => {
    const event = await create({ description: '<p onclick="x()"><strong>Agenda</strong><script>alert(1)</script></p><ul><li><a href="javascript:alert(1)">bad</a> <a href="https://x.example">good</a></li></ul>' });
    expect(event.extendedProps.description).toBe('<p><strong>Agenda</strong></p><ul><li><a>bad</a> <a href="https://x.example">good</a></li></ul>');
    const patched = await api.request<CalendarEvent>('PATCH', `${eventsPath()}/${event.id}`, {
      token: eddie,
      headers: { 'if-match': '"1"' },
      body: { extendedProps: { description: '<h2>New</h2><svg onload="alert(1)"></svg><iframe src="https://evil.example"></iframe>' } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.extendedProps.description).toBe('<h2>New</h2>');
    const read = await api.request<CalendarEvent>('GET', `${eventsPath()}/${event.id}`, { token: eddie });
    expect(read.body.extendedProps.description).toBe('<h2>New</h2>');
  });

  it.each([
    ['<script>alert(1)</script>', ''],
    ['<img src=x onerror="alert(1)">', ''],
    ['<p onmouseover="alert(1)">', '<p>'],
    ['<a href="javascript:alert(1)">', '<a>'],
    ['<a href="data:text/html;base64,PHNjcmlwdD4=">', '<a>'],
    ['<svg><script>alert(1)</script></svg>', ''],
    ['<svg onload="alert(1)"/>', ''],
    ['<style>*{background:url(javascript:alert(1))}</style>', ''],
    ['<p style="width:expression(alert(1))">', '<p>'],
    ['<iframe src="https://evil.example"></iframe>', ''],
    ['<math><maction xlink:href="javascript:alert(1)">x</maction></math>', ''],
    ['<form action="https://evil.example"><input>', ''],
  ])('strip %s on both stores, keeping the text and the allowed formatting around it', async (attack, kept) => {
    const closing = kept === '<p>' ? '</p>' : kept === '<a>' ? '</a>' : '';
    const event = await create({ description: `<h3>Before</h3>${attack}${closing ? 'text' + closing : ''}<ol><li><em>after</em></li></ol>` });
    expect(event.extendedProps.description).toBe(`<h3>Before</h3>${kept}${closing ? 'text' + closing : ''}<ol><li><em>after</em></li></ol>`);
  });

  it('limit the visible text to EVENT_DESCRIPTION_MAX characters, and the HTML to EVENT_DESCRIPTION_HTML_MAX', async () => {
    const atLimit = `<p><strong>${'x'.repeat(EVENT_DESCRIPTION_MAX)}</strong></p>`;
    expect((await create({ description: atLimit })).extendedProps.description).toBe(atLimit);
    const problem = await refused({ description: `<p>${'x'.repeat(EVENT_DESCRIPTION_MAX + 1)}</p>` }, 'extendedProps.description');
    expect(problem.errors?.[0]?.message).toBe(`A description has at most ${EVENT_DESCRIPTION_MAX} characters of text`);
    await refused({ description: '<p>x</p>'.repeat(EVENT_DESCRIPTION_HTML_MAX / 8 + 1) }, 'extendedProps.description');
  });

  it('count the text as the form does: a line break between blocks, no list markers', async () => {
    // 100 items of 99 characters and the 99 breaks between them: 9,999 characters, as the form's count says.
    const list = `<ul>${`<li>${'x'.repeat(99)}</li>`.repeat(100)}</ul>`;
    expect(descriptionText(list)).toHaveLength(9_999);
    expect((await create({ description: list })).extendedProps.description).toBe(list);
  });
});

describe('videos', () => {
  it.each([
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?start=42'],
    ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
    [`${SHAREPOINT}/sites/Comms/_layouts/15/embed.aspx?UniqueId=${GUID}&embed=x`, `${SHAREPOINT}/sites/Comms/_layouts/15/embed.aspx?UniqueId=${GUID}`],
  ])('stores %s as its canonical embed URL', async (pasted, canonical) => {
    expect((await create({ video: pasted })).extendedProps.video).toBe(canonical);
  });

  it.each([
    'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ',
    'javascript:alert(1)',
    `https://fabrikam.sharepoint.com/sites/Comms/_layouts/15/embed.aspx?UniqueId=${GUID}`,
  ])('refuses %s with a message naming what is allowed', async (pasted) => {
    const problem = await refused({ video: pasted }, 'extendedProps.video');
    expect(problem.errors?.[0]?.message).toBe(`Use a YouTube or Vimeo video link, or a Stream video's embed link on ${SHAREPOINT}`);
  });

  it('is cleared with an empty string', async () => {
    const event = await create({ video: 'https://youtu.be/dQw4w9WgXcQ' });
    const patched = await api.request<CalendarEvent>('PATCH', `${eventsPath()}/${event.id}`, { token: eddie, headers: { 'if-match': '"1"' }, body: { extendedProps: { video: '' } } });
    expect(patched.body.extendedProps.video).toBe('');
  });
});

describe('online meetings', () => {
  it('keep a Teams meeting link', async () => {
    expect((await create({ onlineMeetingUrl: MEETING })).extendedProps.onlineMeetingUrl).toBe(MEETING);
  });

  it.each(['https://zoom.us/j/123', MEETING.replace('teams.microsoft.com', 'teams.microsoft.com.evil.example'), 'javascript:alert(1)'])(
    'refuse %s',
    async (url) => {
      const problem = await refused({ onlineMeetingUrl: url }, 'extendedProps.onlineMeetingUrl');
      expect(problem.errors?.[0]?.message).toMatch(/Teams meeting link/);
    },
  );
});
