import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { EVENT_DESCRIPTION_NESTING_MAX, REQUEST_BODY_MAX_BYTES } from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { RICH_TEXT_TAGS } from '../../src/shared/rich-text.ts';
import type { CreatedSubscription } from '../../src/shared/subscription-schema.ts';
import { expectHealthAnswered, startAttackedServer, whileWatchingHealth, type AttackedServer, type HealthWatch } from './helpers/attacked-server.ts';

// Deeply nested descriptions against the real server in its own process: refused on write before anything walks them,
// and every answer that renders descriptions (export, subscription feed, event.ics, feed, search) still 200.

/** A generous bound on one answer here: each is refused or rendered in milliseconds, the machine may be busy. */
const ANSWER_MAX_MS = 5_000;
const SHAREPOINT = 'https://contoso.sharepoint.com';
const GUID = '8c1f5e0a-3b2d-4c6e-9f7a-1d2e3f4a5b6c';
const WINDOW = { start: '2027-09-01', end: '2027-10-01' };
const times = { start: '2027-09-14T10:00:00Z', end: '2027-09-14T11:00:00Z' };

let server: AttackedServer;
let eddie: string;
let company: Calendar;
let target: CalendarEvent;
let feedUrl: string;

interface Answer {
  status: number;
  contentType: string;
  text: string;
  ms: number;
}

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const sent = performance.now();
  const url = path.startsWith('http') ? path : server.url + path;
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${eddie}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, ms: performance.now() - sent };
}

const eventsPath = () => `/api/calendars/${company.id}/events`;

beforeAll(async () => {
  server = await startAttackedServer({ SHAREPOINT_ORIGINS: SHAREPOINT });
  eddie = await server.tokenFor('eddie');
  company = (JSON.parse((await send('GET', '/api/calendars')).text) as Calendar[]).find((calendar) => calendar.name === 'Company')!;
  target = JSON.parse((await send('POST', eventsPath(), { title: 'Octopus review', ...times, extendedProps: { description: '<p><strong>Octopus</strong> agenda</p>' } })).text) as CalendarEvent;
  feedUrl = (JSON.parse((await send('POST', `/api/calendars/${company.id}/subscriptions`, {})).text) as CreatedSubscription).url;
}, 120_000);

afterAll(() => server?.stop());

function expectRefusedOn(answer: Answer, field: string): void {
  expect(answer.status, answer.text).toBe(400);
  expect(answer.contentType).toContain('application/problem+json');
  expect((JSON.parse(answer.text) as Problem).errors?.map((error) => error.field)).toEqual([field]);
  expect(answer.ms).toBeLessThan(ANSWER_MAX_MS);
}

/** Every answer that renders descriptions, each 200 within the budget. */
async function expectRenderingAnswers(): Promise<void> {
  const answers = [
    await send('GET', `/api/calendars/${company.id}/calendar.ics?from=2027-09-01T00:00:00Z&to=2027-10-01T00:00:00Z`),
    await send('GET', feedUrl),
    await send('GET', `${eventsPath()}/${target.id}/event.ics`),
    await send('GET', `/api/events?start=${WINDOW.start}&end=${WINDOW.end}`),
    await send('GET', '/api/search?q=octopus'),
  ];
  for (const answer of answers) {
    expect(answer.status, answer.text.slice(0, 500)).toBe(200);
    expect(answer.ms).toBeLessThan(ANSWER_MAX_MS);
    expect(answer.text).toContain('Octopus');
  }
}

function expectHealthy(health: HealthWatch): void {
  expect(server.alive(), server.output()).toBe(true);
  expectHealthAnswered(health);
}

/** `depth` start tags of these names in turn, never closed: three or four bytes a level, so 10k levels fit the body. */
const opened = (depth: number, tags: readonly string[]) => Array.from({ length: depth }, (_, i) => `<${tags[i % tags.length]}>`).join('') + 'Octopus deep';

describe('descriptions nested thousands deep', () => {
  it.each([
    [2_000, ['b']],
    [5_000, ['b', 'i', 'u', 'em']],
    [10_000, ['b', 'i', 'x', 'a', 's']],
  ])('%i deep (%j) are 400 on POST and PATCH, and every answer that renders descriptions stays 200', async (depth, tags) => {
    const description = opened(depth, tags);
    expect(JSON.stringify({ extendedProps: { description } }).length).toBeLessThan(REQUEST_BODY_MAX_BYTES);
    const { health } = await whileWatchingHealth(server.url, async () => {
      expectRefusedOn(await send('POST', eventsPath(), { title: `Deep ${depth}`, ...times, extendedProps: { description } }), 'extendedProps.description');
      expectRefusedOn(await send('PATCH', `${eventsPath()}/${target.id}`, { extendedProps: { description } }, { 'if-match': '"1"' }), 'extendedProps.description');
      await expectRenderingAnswers();
    });
    expectHealthy(health);
  });

  it(`one at EVENT_DESCRIPTION_NESTING_MAX (${EVENT_DESCRIPTION_NESTING_MAX}) is stored, and every answer stays 200`, async () => {
    const description = opened(EVENT_DESCRIPTION_NESTING_MAX, ['b', 'i', 'u']);
    const { health } = await whileWatchingHealth(server.url, async () => {
      const created = await send('POST', eventsPath(), { title: 'Octopus at the limit', ...times, extendedProps: { description } });
      expect(created.status, created.text).toBe(201);
      await expectRenderingAnswers();
    });
    expectHealthy(health);
  });
});

describe('a Stream video link with a bad % escape', () => {
  it.each(['%zz', '%E0%A4%A', '%FF'])('(site path %s) is a 400 on the video field', async (escape) => {
    const video = `${SHAREPOINT}/sites/Comms${escape}/_layouts/15/embed.aspx?UniqueId=${GUID}`;
    const { health } = await whileWatchingHealth(server.url, async () => {
      expectRefusedOn(await send('POST', eventsPath(), { title: 'Bad video', ...times, extendedProps: { video } }), 'extendedProps.video');
      expectRefusedOn(await send('PATCH', `${eventsPath()}/${target.id}`, { extendedProps: { video } }, { 'if-match': '"1"' }), 'extendedProps.video');
    });
    expectHealthy(health);
  });
});

/** Tags of the allow-list and outside it, upper case among them, some with attributes. */
const tagName = fc.constantFrom(...RICH_TEXT_TAGS, 'span', 'div', 'font', 'table', 'td', 'svg', 'math', 'x-y', 'B', 'Ul', 'LI');
const startTag = fc.tuple(tagName, fc.constantFrom('', ' class="c"', ' href="https://x.example/"', ' style="color:red"', '/')).map(([name, rest]) => `<${name}${rest}>`);

/** Short bare tags, for nesting thousands deep within the body's limit (closed too, at most nine bytes a level). */
const shortTag = fc.constantFrom('b', 'i', 'u', 'a', 'em', 'ul', 'li', 'ol', 'p', 'x', 'B').map((name) => `<${name}>`);

/** Nested HTML to a random depth, up to three times the limit and now and then far past it, closed or not. */
const nestedHtml = fc
  .record({
    tags: fc.oneof(
      { weight: 4, arbitrary: fc.array(startTag, { maxLength: EVENT_DESCRIPTION_NESTING_MAX * 3 }) },
      { weight: 1, arbitrary: fc.array(shortTag, { minLength: 2_000, maxLength: 6_000 }) },
    ),
    text: fc.string({ maxLength: 40 }),
    closed: fc.boolean(),
  })
  .map(({ tags, text, closed }) => tags.join('') + text + (closed ? tags.map((tag) => `</${tag.slice(1).split(/[\s/>]/)[0]}>`).reverse().join('') : ''));

describe('generated nested HTML as descriptions, through the real API', () => {
  it('is never a 5xx: stored (201) or refused on the description (400), and the server stays alive and healthy', async () => {
    const statuses = new Set<number>();
    const { health } = await whileWatchingHealth(server.url, () =>
      fc.assert(
        fc.asyncProperty(nestedHtml, async (description) => {
          // Within the body's limit, so that what answers is the description's check, not the body parser's 413.
          expect(JSON.stringify(description).length).toBeLessThan(REQUEST_BODY_MAX_BYTES - 200);
          const answer = await send('POST', eventsPath(), { title: 'Generated', ...times, extendedProps: { description } });
          expect(answer.ms).toBeLessThan(ANSWER_MAX_MS);
          statuses.add(answer.status);
          if (answer.status === 201) return;
          expect(answer.status, answer.text).toBe(400);
          expect((JSON.parse(answer.text) as Problem).errors?.map((error) => error.field)).toEqual(['extendedProps.description']);
        }),
        { numRuns: 60 },
      ),
    );
    expectHealthy(health);
    // Both sides of the limit were sent.
    expect([...statuses].sort()).toEqual([201, 400]);
    await expectRenderingAnswers();
  }, 120_000);
});
