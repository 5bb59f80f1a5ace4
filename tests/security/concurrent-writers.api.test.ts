import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { build, type ApiResponse, type TestServer } from '../api/helpers/test-server.ts';

/** Clients racing on one event, as the attack ran them. */
const WRITERS = 50;
/** PATCH/DELETE races, each on a fresh event: more than one, so that either kind of winner is likely seen. */
const RACE_ROUNDS = 4;
/** The spread of the racers' start times. */
const RACE_SCATTER_MS = 30;
/** A read-modify-write client's backoff after a 412: full jitter, doubling up to the cap. */
const RETRY_BACKOFF_BASE_MS = 20;
const RETRY_BACKOFF_CAP_MS = 2_000;
const RMW_TIMEOUT_MS = 60_000;
/**
 * Read-modify-write clients. Each success costs the others a retry, so the work grows with the square of this; the
 * Cosmos protocol server answers some hundred operations a second on a busy two-core machine, where 50 take a minute.
 */
const RMW_CLIENTS = process.env.TEST_STORE === 'cosmos' ? 20 : WRITERS;

let api: TestServer;
let eddie: string;
let companyId: string;

beforeAll(async () => {
  // The read-modify-write clients send over a thousand requests as one user: far above the per-user limit,
  // which is not what this file is about.
  api = await build({ RATE_LIMIT_PER_MINUTE: '1000000' });
  eddie = await api.tokenFor('eddie');
  const calendars = (await api.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body;
  companyId = calendars.find((calendar) => calendar.name === 'Company')!.id;
});
afterAll(() => api.close());

const eventPath = (id: string) => `/api/calendars/${companyId}/events/${id}`;

async function createEvent(title: string): Promise<CalendarEvent> {
  const response = await api.request<CalendarEvent>('POST', `/api/calendars/${companyId}/events`, {
    token: eddie,
    body: { title, start: '2027-03-01T09:00:00Z', end: '2027-03-01T10:00:00Z' },
  });
  expect(response.status).toBe(201);
  return response.body;
}

const patch = (id: string, body: object, etag: string) =>
  api.request<CalendarEvent>('PATCH', eventPath(id), { token: eddie, body, headers: { 'if-match': etag } });
const remove = (id: string, etag: string) => api.request('DELETE', eventPath(id), { token: eddie, headers: { 'if-match': etag } });

const statuses = (responses: ApiResponse[]) => responses.map((response) => response.status);

describe('concurrent writers with the same If-Match', () => {
  it(`lets exactly one of ${WRITERS} PATCHes win; the other ${WRITERS - 1} get 412 and the event is the winner’s`, async () => {
    const event = await createEvent('Contended');
    const responses = await Promise.all(Array.from({ length: WRITERS }, (_, i) => patch(event.id, { title: `Writer ${i}` }, '"1"')));
    const winners = responses.filter((response) => response.status === 200);
    expect(winners).toHaveLength(1);
    expect(statuses(responses).filter((status) => status === 412)).toHaveLength(WRITERS - 1);
    const after = await api.request<CalendarEvent>('GET', eventPath(event.id), { token: eddie });
    expect(after.headers.get('etag')).toBe('"2"');
    expect(after.body).toEqual(winners[0]!.body);
  });

  it(`loses no read-modify-write: ${RMW_CLIENTS} clients that re-read on 412 leave every token once and ${RMW_CLIENTS} new versions`, async () => {
    const event = await createEvent('Appended to');
    const appendToken = async (token: string) => {
      for (let attempt = 0; ; attempt++) {
        // As a well-behaved client backs off: in lockstep, n clients make some n²/2 attempts.
        await sleep(Math.random() * Math.min(RETRY_BACKOFF_CAP_MS, RETRY_BACKOFF_BASE_MS * 2 ** attempt));
        const current = await api.request<CalendarEvent>('GET', eventPath(event.id), { token: eddie });
        const description = `${current.body.extendedProps.description} ${token}`.trim();
        const written = await patch(event.id, { extendedProps: { description } }, current.headers.get('etag')!);
        if (written.status === 200) return;
        expect(written.status).toBe(412);
      }
    };
    const tokens = Array.from({ length: RMW_CLIENTS }, (_, i) => `token-${i}`);
    await Promise.all(tokens.map(appendToken));

    const after = await api.request<CalendarEvent>('GET', eventPath(event.id), { token: eddie });
    expect(after.body.extendedProps.description.split(' ').sort()).toEqual([...tokens].sort());
    expect(after.body.extendedProps.version).toBe(1 + RMW_CLIENTS);
    expect(after.headers.get('etag')).toBe(`"${1 + RMW_CLIENTS}"`);
  }, RMW_TIMEOUT_MS);

  it(`deletes once: of ${WRITERS} DELETEs, one 204; the others 412 (lost the race) or 404 (found it gone)`, async () => {
    const event = await createEvent('Deleted once');
    const responses = await Promise.all(Array.from({ length: WRITERS }, () => remove(event.id, '"1"')));
    expect(statuses(responses).filter((status) => status === 204)).toHaveLength(1);
    for (const status of statuses(responses).filter((status) => status !== 204)) expect([412, 404]).toContain(status);
    expect((await api.request('GET', eventPath(event.id), { token: eddie })).status).toBe(404);
  });

  it('lets exactly one of a PATCH/DELETE race win, whichever kind; after a PATCH won, every loser got 412', async () => {
    for (let round = 0; round < RACE_ROUNDS; round++) {
      const event = await createEvent(`Race ${round}`);
      const responses = await Promise.all(
        Array.from({ length: WRITERS }, async (_, i) => {
          // A PATCH does more work before its write than a DELETE: scattered starts give either kind a chance to win.
          await sleep(Math.random() * RACE_SCATTER_MS);
          return i % 2 === 0 ? patch(event.id, { title: `Patched by ${i}` }, '"1"') : remove(event.id, '"1"');
        }),
      );
      const winners = responses.filter((response) => response.status === 200 || response.status === 204);
      expect(winners).toHaveLength(1);
      const losers = statuses(responses).filter((status) => status !== 200 && status !== 204);
      const after = await api.request<CalendarEvent>('GET', eventPath(event.id), { token: eddie });
      if (winners[0]!.status === 200) {
        // The event lives on at version 2, so nobody could find it gone: every loser was stale.
        expect(losers).toEqual(Array(WRITERS - 1).fill(412));
        expect(after.body).toEqual(winners[0]!.body);
      } else {
        // A loser that read the event before the delete lost the race (412); one that read after found nothing (404).
        for (const status of losers) expect([412, 404]).toContain(status);
        expect(after.status).toBe(404);
      }
    }
  });
});
