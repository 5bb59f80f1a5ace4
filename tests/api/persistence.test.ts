import { describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { build } from './helpers/test-server.ts';

describe('persistence', () => {
  it('keeps events, edits and tokens across a restart on the same file, and does not seed twice', async () => {
    const first = await build();
    const token = await first.tokenFor('eddie');
    const calendars = (await first.request<Calendar[]>('GET', '/api/calendars', { token })).body;
    const company = calendars.find((c) => c.name === 'Company')!;
    const created = await first.request<CalendarEvent>('POST', `/api/calendars/${company.id}/events`, {
      token,
      body: { title: 'Survives restarts', start: '2027-09-01T08:00:00Z', end: '2027-09-01T09:00:00Z' },
    });
    const edited = await first.request<CalendarEvent>('PATCH', `/api/calendars/${company.id}/events/${created.body.id}`, {
      token,
      body: { title: 'Survives restarts, edited' },
      headers: { 'if-match': '"1"' },
    });
    const before = (await first.request<CalendarEvent[]>('GET', '/api/events?start=2026-01-01&end=2027-01-01', { token })).body.length;
    await first.close({ keepData: true });

    const second = await build({}, first.dataDir);
    // The signing key lives in the data directory, so a token from before the restart still works.
    const fetched = await second.request<CalendarEvent>('GET', `/api/calendars/${company.id}/events/${created.body.id}`, { token });
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(edited.body);
    expect(fetched.headers.get('etag')).toBe('"2"');
    expect((await second.request<Calendar[]>('GET', '/api/calendars', { token })).body).toEqual(calendars);
    const after = (await second.request<CalendarEvent[]>('GET', '/api/events?start=2026-01-01&end=2027-01-01', { token })).body.length;
    expect(after).toBe(before);
    await second.close();
  });
});
