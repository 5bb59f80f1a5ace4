import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import type { CalendarEvent } from '../../src/shared/event-schema.ts';
import { build, type TestServer } from './helpers/test-server.ts';

// Two API instances over one store. Under the api-cosmos project that is one Cosmos database, as in Azure.
describe('two API instances over one store', () => {
  let first: TestServer;
  let second: TestServer;
  beforeAll(async () => {
    first = await build();
    // The same data directory: the development signing key lives there, so tokens work on both.
    second = await build({}, first.dataDir);
  });
  afterAll(async () => {
    await second.close({ keepData: true });
    await first.close();
  });

  it('reads and updates through one what was written through the other, with ETags that agree', async () => {
    const token = await first.tokenFor('eddie');
    const company = (await second.request<Calendar[]>('GET', '/api/calendars', { token })).body.find((c) => c.name === 'Company')!;
    const created = await first.request<CalendarEvent>('POST', `/api/calendars/${company.id}/events`, {
      token,
      body: { title: 'Written on one', start: '2027-10-01T09:00:00Z', end: '2027-10-01T10:00:00Z' },
    });
    const path = `/api/calendars/${company.id}/events/${created.body.id}`;
    const read = await second.request<CalendarEvent>('GET', path, { token });
    expect(read.body).toEqual(created.body);
    expect(read.headers.get('etag')).toBe(created.headers.get('etag'));

    const updated = await second.request<CalendarEvent>('PATCH', path, { token, body: { title: 'Updated on two' }, headers: { 'if-match': read.headers.get('etag')! } });
    expect(updated.status).toBe(200);
    const stale = await first.request('PATCH', path, { token, body: { title: 'Lost update' }, headers: { 'if-match': created.headers.get('etag')! } });
    expect(stale.status).toBe(412);
    const fresh = await first.request<CalendarEvent>('GET', path, { token });
    expect(fresh.body.title).toBe('Updated on two');
    expect(fresh.headers.get('etag')).toBe(updated.headers.get('etag'));
  });

  it('seeded the demo tenant once, not once per instance', async () => {
    const token = await second.tokenFor('riley');
    const names = (await second.request<Calendar[]>('GET', '/api/calendars', { token })).body.map((c) => c.name);
    expect(names).toEqual(['Company', 'Engineering', 'Holidays']);
  });

  describe('the feed, cached on each instance, after a write acknowledged by either', () => {
    const window = '/api/events?start=2029-02-01&end=2029-03-01&timeZone=UTC';
    let token: string;
    let admin: string;
    let calendar: Calendar;

    /** The feed as `instance` serves it now, and whether its cache answered (a hit) or built it. */
    async function feedOn(instance: TestServer, path = window) {
      const before = instance.server.eventService.feedCacheStats().hits;
      const response = await instance.request<CalendarEvent[]>('GET', path, { token });
      expect(response.status).toBe(200);
      return { titles: response.body.map((event) => event.title), etag: response.headers.get('etag')!, hit: instance.server.eventService.feedCacheStats().hits > before };
    }

    /** Caches the feed on `reader` (asked twice: the second is a hit), writes through `writer`, then reads on `reader` again. */
    async function afterWrite<T>(reader: TestServer, write: () => Promise<T>) {
      await feedOn(reader);
      const cached = await feedOn(reader);
      expect(cached.hit).toBe(true);
      const written = await write();
      return { cached, written, fresh: await feedOn(reader) };
    }

    beforeAll(async () => {
      token = await first.tokenFor('eddie');
      admin = await first.tokenFor('ada');
      calendar = (await first.request<Calendar>('POST', '/api/calendars', { token: admin, body: { name: 'Feed on two', color: '#223344', editors: ['eddie'] } })).body;
    });

    const createOn = async (writer: TestServer, title: string) => {
      const created = await writer.request<CalendarEvent>('POST', `/api/calendars/${calendar.id}/events`, {
        token,
        body: { title, start: '2029-02-14T09:00:00Z', end: '2029-02-14T10:00:00Z' },
      });
      expect(created.status).toBe(201);
      return created;
    };

    for (const [readerName, writerName] of [['first', 'second'], ['first', 'first']] as const) {
      const pair = readerName === writerName ? 'the same instance' : 'the other instance';
      it(`shows an event created, updated and deleted on ${pair} at once`, async () => {
        const [reader, writer] = [readerName === 'first' ? first : second, writerName === 'first' ? first : second];
        const title = `Created on ${pair}`;
        const create = await afterWrite(reader, () => createOn(writer, title));
        expect(create.fresh.titles).toContain(title);
        expect(create.fresh.hit).toBe(false);

        const path = `/api/calendars/${calendar.id}/events/${create.written.body.id}`;
        const update = await afterWrite(reader, () =>
          writer.request('PATCH', path, { token, body: { title: `${title}, renamed` }, headers: { 'if-match': create.written.headers.get('etag')! } }),
        );
        expect(update.written.status).toBe(200);
        expect(update.fresh.titles).toContain(`${title}, renamed`);
        expect(update.fresh.titles).not.toContain(title);

        const remove = await afterWrite(reader, () => writer.request('DELETE', path, { token, headers: { 'if-match': update.written.headers.get('etag')! } }));
        expect(remove.written.status).toBe(204);
        expect(remove.fresh.titles).not.toContain(`${title}, renamed`);
      });
    }

    it('shows a calendar’s change on the other instance at once: deleted, its events leave the feed', async () => {
      const doomed = (await second.request<Calendar>('POST', '/api/calendars', { token: admin, body: { name: 'Doomed on two', color: '#445566', editors: ['eddie'] } })).body;
      await second.request('POST', `/api/calendars/${doomed.id}/events`, { token, body: { title: 'Goes with its calendar', start: '2029-02-20', allDay: true } });
      const deleted = await afterWrite(first, () => second.request('DELETE', `/api/calendars/${doomed.id}`, { token: admin, headers: { 'if-match': `"${doomed.version}"` } }));
      expect(deleted.written.status).toBe(204);
      expect(deleted.cached.titles).toContain('Goes with its calendar');
      expect(deleted.fresh.titles).not.toContain('Goes with its calendar');
    });

    it('answers If-None-Match with an ETag from before the other instance’s write with 200 and the new body', async () => {
      const before = await feedOn(first);
      expect((await first.request('GET', window, { token, headers: { 'if-none-match': before.etag } })).status).toBe(304);
      await createOn(second, 'Revalidated across instances');
      const revalidated = await first.request<CalendarEvent[]>('GET', window, { token, headers: { 'if-none-match': before.etag } });
      expect(revalidated.status).toBe(200);
      expect(revalidated.body.map((event) => event.title)).toContain('Revalidated across instances');
    });
  });
});
