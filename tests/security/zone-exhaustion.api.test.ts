// An export naming many zones from 1900 on, against the real server in its own process: each zone's VTIMEZONE needs
// its changes from the time zone database over every year the calendar's events reach (about 0.1 s a zone through
// Temporal, once), worked out ZONE_CHANGES_CHUNK_YEARS at a time with the event loop turning between, so that
// /api/health answers within HEALTH_ANSWER_MAX_MS while it runs. Built in one go, this file held the loop for seconds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Calendar } from '../../src/shared/calendar-schema.ts';
import { expectHealthAnswered, startAttackedServer, whileWatchingHealth, type AttackedServer } from './helpers/attacked-server.ts';

/** The zones with the longest histories: the Americas' (hundreds of changes each since 1900). */
const ZONES = Intl.supportedValuesOf('timeZone').filter((zone) => zone.startsWith('America/'));
const EXPORT_ANSWER_MAX_MS = 60_000;
const SETUP_MAX_MS = 120_000;

let server: AttackedServer;
let token: string;
let calendar: Calendar;

const api = (path: string, init: RequestInit = {}) =>
  fetch(server.url + path, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } });

beforeAll(async () => {
  server = await startAttackedServer();
  token = await server.tokenFor('ada');
  calendar = (await (await api('/api/calendars', { method: 'POST', body: JSON.stringify({ name: 'Every zone since 1900', color: '#005B70' }) })).json()) as Calendar;
  for (const [i, timeZone] of ZONES.entries()) {
    const day = String(1 + (i % 28)).padStart(2, '0');
    const body = { title: `Weekly in ${timeZone}`, start: `1900-01-${day}T12:00:00Z`, end: `1900-01-${day}T13:00:00Z`, rrule: 'FREQ=WEEKLY', extendedProps: { timeZone } };
    const response = await api(`/api/calendars/${calendar.id}/events`, { method: 'POST', body: JSON.stringify(body) });
    expect(response.status, await response.clone().text()).toBe(201);
  }
}, SETUP_MAX_MS);
afterAll(() => server?.stop());

describe('an export naming many zones since 1900', () => {
  it(`writes a VTIMEZONE for each of ${ZONES.length} zones while /api/health keeps answering, and again at once`, async () => {
    for (const round of ['first', 'second']) {
      const { result, health } = await whileWatchingHealth(server.url, async () => {
        const sent = performance.now();
        const response = await api(`/api/calendars/${calendar.id}/calendar.ics`, { headers: { 'cache-control': 'no-cache' } });
        return { status: response.status, text: await response.text(), ms: performance.now() - sent };
      });
      expectHealthAnswered(health, server.output());
      expect(result.status, round).toBe(200);
      expect(result.text.match(/^BEGIN:VTIMEZONE\r$/gm), round).toHaveLength(ZONES.length);
      expect(result.text).toContain('TZID:America/Santiago');
      expect(result.ms, round).toBeLessThan(EXPORT_ANSWER_MAX_MS);
      expect(server.alive()).toBe(true);
    }
  }, 2 * EXPORT_ANSWER_MAX_MS);
});
