// Shutdown under load, as App Service stops an instance (SIGTERM): requests in flight finish with their real answers,
// new ones are refused with a 503 problem that says when to come back, and no connection is reset.
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHUTDOWN_RETRY_AFTER_SECONDS } from '../../src/api/plugins/app/shutdown-drain.ts';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { PROBLEM_CONTENT_TYPE } from '../../src/shared/problem.ts';
import { startAttackedServer, type AttackedServer } from './helpers/attacked-server.ts';

/** As many requests in flight as the issue counted, when 1 of them was reset. */
const IN_FLIGHT = 24;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * A create the server has taken but not yet read the body of: sent with `Expect: 100-continue`, it resolves once the
 * server has answered "100 Continue" (it has routed the request), and `finish` sends the body and waits for the answer.
 * A reset or any other socket error rejects.
 */
function heldCreate(url: string, token: string, calendarId: string, title: string): Promise<{ finish(): Promise<Answer> }> {
  const body = JSON.stringify({ title, start: '2031-06-02T09:00:00Z', end: '2031-06-02T10:00:00Z' });
  return new Promise((taken, failed) => {
    const request = httpRequest(`${url}/api/calendars/${calendarId}/events`, {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const answer = new Promise<Answer>((answered, reset) => {
      request.on('error', reset);
      request.on('response', (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => answered({ status: response.statusCode!, headers: response.headers, body: text }));
        response.on('error', reset);
      });
    });
    request.on('error', failed);
    request.on('continue', () => taken({ finish: () => (request.end(body), answer) }));
    request.flushHeaders();
  });
}

describe('shutdown under load (SIGTERM)', () => {
  let server: AttackedServer;
  let token: string;
  let companyId: string;
  beforeAll(async () => {
    server = await startAttackedServer({ RATE_LIMIT_PER_MINUTE: '1000000' });
    token = await server.tokenFor('eddie');
    const calendars = (await (await fetch(`${server.url}/api/calendars`, { headers: { authorization: `Bearer ${token}` } })).json()) as Calendar[];
    companyId = calendars.find((calendar) => calendar.name === 'Company')!.id;
  });
  afterAll(() => server.stop());

  it(`finishes all ${IN_FLIGHT} requests in flight with their answers, refuses new ones with a 503 problem and Retry-After, and exits 0`, async () => {
    const titles = Array.from({ length: IN_FLIGHT }, (_, i) => `In flight ${i}`);
    const held = await Promise.all(titles.map((title) => heldCreate(server.url, token, companyId, title)));
    // A live stream, open for good unless the shutdown ends it.
    const stream = await fetch(`${server.url}/api/changes`, { headers: { authorization: `Bearer ${token}` } });
    expect(stream.status).toBe(200);

    const ended = server.terminate();
    // The drain has begun once a new request is refused.
    let refused: Response;
    do refused = await fetch(`${server.url}/api/health`);
    while (refused.status === 200);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('content-type')).toContain(PROBLEM_CONTENT_TYPE);
    expect(refused.headers.get('retry-after')).toBe(String(SHUTDOWN_RETRY_AFTER_SECONDS));
    expect(await refused.json()).toMatchObject({ status: 503, detail: expect.stringMatching(/shutting down/) });
    const newWrite = await fetch(`${server.url}/api/calendars/${companyId}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Too late', start: '2031-06-02T09:00:00Z', end: '2031-06-02T10:00:00Z' }),
    });
    expect(newWrite.status).toBe(503);
    expect(newWrite.headers.get('retry-after')).toBe(String(SHUTDOWN_RETRY_AFTER_SECONDS));
    // The live stream was ended, not cut: its body completes.
    await expect(stream.text()).resolves.toEqual(expect.any(String));

    const answers = await Promise.all(held.map((request) => request.finish()));
    expect(answers.map((answer) => answer.status)).toEqual(titles.map(() => 201));
    expect(answers.map((answer) => (JSON.parse(answer.body) as CalendarEvent).title)).toEqual(titles);
    expect(answers.every((answer) => answer.headers.connection === 'close')).toBe(true);
    expect(await ended, server.output()).toEqual({ code: 0, signal: null });
  });
});
