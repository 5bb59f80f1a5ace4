import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../../src/shared/event-schema.ts';
import type { ChangeNotice } from '../../../src/shared/history-schema.ts';
import { openSse, type SseClient, type SseEvent } from '../helpers/sse-client.ts';
import { build, type TestServer } from '../helpers/test-server.ts';

// Several instances share one store only on Cosmos DB (SQLite is one instance's file): there each instance reads the
// change feed, so a write through one reaches streams on every other. Only the api-cosmos project runs this folder.

let first: TestServer;
let second: TestServer;
let reader: SseClient | undefined;

const notice = (event: SseEvent) => JSON.parse(event.data) as ChangeNotice;

beforeAll(async () => {
  first = await build();
  second = await build({}, first.dataDir);
});
afterAll(async () => {
  await reader?.close();
  await second.close({ keepData: true });
  await first.close();
});

describe('two instances over one Cosmos database', () => {
  it('brings a write through one instance to a stream on the other within 2 s', async () => {
    reader = await openSse(`${second.url}/api/changes`, { token: await second.tokenFor('riley') });
    expect(reader.status).toBe(200);
    // The change feed reader starts from "now": give it a moment to have read once.
    await reader.quietFor(300);
    const eddie = await first.tokenFor('eddie');
    const company = (await first.request<Calendar[]>('GET', '/api/calendars', { token: eddie })).body.find((c) => c.name === 'Company')!;
    const started = performance.now();
    const body = { title: 'Across instances', start: '2031-01-06T09:00:00Z', end: '2031-01-06T10:00:00Z' };
    const event = (await first.request<CalendarEvent>('POST', `/api/calendars/${company.id}/events`, { token: eddie, body })).body;
    const arrived = await reader.next((sse) => sse.event === 'change' && notice(sse).eventId === event.id, { timeoutMs: 2_000 });
    expect(arrived.at - started).toBeLessThan(2_000);
    expect(notice(arrived)).toMatchObject({ kind: 'created', by: { id: 'eddie' }, version: 1 });
  });
});
