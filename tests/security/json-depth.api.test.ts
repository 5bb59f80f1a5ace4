// Deeply nested JSON on every route that reads a JSON body, signed in and not: 60 kB of brackets once ran the server
// out of heap. Each answer must be a 400 that says why, quickly, while /api/health keeps answering.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_BODY_DEPTH_MAX, REQUEST_BODY_MAX_BYTES } from '../../src/shared/limits.ts';
import type { Problem } from '../../src/shared/problem.ts';
import { expectHealthAnswered, startAttackedServer, whileWatchingHealth, type AttackedServer } from './helpers/attacked-server.ts';

/** How long one refusal may take on a busy two-core machine: it reads 64 KiB once. */
const ANSWER_BUDGET_MS = 2_000;
const ARRAY_LEVELS = 30_000;
// An object needs a key: `{"":` and `}` are five bytes a level, so this many fit in a body.
const OBJECT_LEVELS = Math.floor((REQUEST_BODY_MAX_BYTES - 100) / 5);

const deepArrays = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
const deepObjects = (levels: number) => '{"":'.repeat(levels) + '0' + '}'.repeat(levels);

let server: AttackedServer;
let token: string;
let routes: [method: string, path: string][];

interface Answer {
  status: number;
  type: string | null;
  body: string;
  ms: number;
}

async function send(method: string, path: string, body: string, withToken = true): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(server.url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(withToken ? { authorization: `Bearer ${token}` } : {}), 'if-match': '"1"' },
    body,
  });
  return { status: response.status, type: response.headers.get('content-type'), body: await response.text(), ms: performance.now() - started };
}

async function created<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

beforeAll(async () => {
  server = await startAttackedServer();
  token = await server.tokenFor('ada');
  const calendar = await created<{ id: string }>('/api/calendars', { name: 'Depth probe', color: '#0F6CBD' });
  const events = `/api/calendars/${calendar.id}/events`;
  const event = await created<{ id: string }>(events, { title: 'Depth probe', start: '2027-03-01T09:00:00Z', end: '2027-03-01T10:00:00Z', rrule: 'FREQ=DAILY;COUNT=3', extendedProps: { timeZone: 'UTC' } });
  const category = await created<{ id: string }>(`/api/calendars/${calendar.id}/categories`, { name: 'Depth', color: '#0F6CBD', icon: 'Megaphone' });
  routes = [
    ['POST', '/api/dev/token'],
    ['POST', '/api/calendars'],
    ['PATCH', `/api/calendars/${calendar.id}`],
    ['DELETE', `/api/calendars/${calendar.id}`],
    ['POST', events],
    ['PATCH', `${events}/${event.id}`],
    ['DELETE', `${events}/${event.id}`],
    ['PATCH', `${events}/${event.id}/occurrences/2027-03-02T09:00:00.000Z`],
    ['POST', `/api/calendars/${calendar.id}/categories`],
    ['PATCH', `/api/calendars/${calendar.id}/categories/${category.id}`],
    ['POST', `/api/calendars/${calendar.id}/trash/${event.id}/restore`],
    ['POST', `/api/calendar-trash/${calendar.id}/restore`],
    ['POST', `/api/calendars/${calendar.id}/subscriptions`],
    ['POST', '/api/directory/resolve'],
    ['PATCH', '/api/me/settings'],
  ];
});

afterAll(() => server?.stop());

function expectRefusedForDepth(answer: Answer, label: string): void {
  expect(answer.status, label).toBe(400);
  expect(answer.type, label).toMatch(/^application\/problem\+json/);
  const problem = JSON.parse(answer.body) as Problem;
  expect(problem.detail, label).toContain(`more than ${REQUEST_BODY_DEPTH_MAX} levels deep`);
  expect(answer.ms, label).toBeLessThan(ANSWER_BUDGET_MS);
}

describe('a JSON body nested past REQUEST_BODY_DEPTH_MAX', () => {
  it.each([
    ['arrays', deepArrays(ARRAY_LEVELS)],
    ['objects', deepObjects(OBJECT_LEVELS)],
    ['arrays and objects in turn', '[{"":'.repeat(OBJECT_LEVELS / 2) + '0' + '}]'.repeat(OBJECT_LEVELS / 2)],
  ])('of %s is a 400 on every JSON route, while health answers within a second', async (_shape, body) => {
    expect(Buffer.byteLength(body)).toBeLessThanOrEqual(REQUEST_BODY_MAX_BYTES);
    const { health } = await whileWatchingHealth(server.url, async () => {
      for (const [method, path] of routes) expectRefusedForDepth(await send(method, path, body), `${method} ${path}`);
    });
    expectHealthAnswered(health);
    expect(server.alive()).toBe(true);
  });

  it('is refused before sign-in is asked for only where no sign-in is needed: elsewhere a missing token is a 401', async () => {
    expectRefusedForDepth(await send('POST', '/api/dev/token', deepArrays(ARRAY_LEVELS), false), 'development sign-in');
    expect((await send('POST', '/api/calendars', deepArrays(ARRAY_LEVELS), false)).status).toBe(401);
  });

  it('counts brackets inside strings as text, and takes a body exactly REQUEST_BODY_DEPTH_MAX deep', async () => {
    const bracketsInText = JSON.stringify({ name: '['.repeat(90), color: '#0F6CBD', description: '{'.repeat(900) });
    const answer = await send('POST', '/api/calendars', bracketsInText);
    expect(answer.status, answer.body).toBe(201);
    // At the limit the body is read (and refused for its shape, not its depth); one more level is refused unread.
    const atLimit = await send('POST', '/api/calendars', '{"name":' + deepArrays(REQUEST_BODY_DEPTH_MAX - 1) + '}');
    expect(atLimit.status).toBe(400);
    expect((JSON.parse(atLimit.body) as Problem).detail).not.toContain('levels deep');
    expectRefusedForDepth(await send('POST', '/api/calendars', '{"name":' + deepArrays(REQUEST_BODY_DEPTH_MAX) + '}'), 'one level more');
  });
});

describe('nested JSON of any shape', () => {
  // Brackets, braces, keys, strings with brackets in them and values, nested to any depth a body can hold.
  const opening = fc.constantFrom('[', '{"k":', '{"a":1,"b":', '["x[",', '{"}":');
  const nested = fc.record({ levels: fc.integer({ min: 0, max: 12_000 }), pattern: fc.array(opening, { minLength: 1, maxLength: 4 }), leaf: fc.constantFrom('0', '"s"', 'null', '{}', '[]') });
  const text = ({ levels, pattern, leaf }: { levels: number; pattern: string[]; leaf: string }) => {
    const opens = Array.from({ length: levels }, (_, index) => pattern[index % pattern.length]!);
    const closes = opens.map((open) => (open.startsWith('[') ? ']' : '}')).reverse();
    return opens.join('') + leaf + closes.join('');
  };

  it('never gets a 5xx and never stops the server', async () => {
    await fc.assert(
      fc.asyncProperty(nested, fc.constantFrom(...routes.keys()), async (shape, routeIndex) => {
        const body = text(shape);
        fc.pre(Buffer.byteLength(body) <= REQUEST_BODY_MAX_BYTES);
        const [method, path] = routes[routeIndex]!;
        const answer = await send(method, path, body);
        expect(answer.status, `${method} ${path}`).toBeLessThan(500);
        if (answer.status !== 204) expect(answer.type).toMatch(/^application\/(problem\+)?json/);
      }),
      { numRuns: 60 },
    );
    expect(server.alive()).toBe(true);
  });
});
