import { describe, expect, it } from 'vitest';
import { loggedUrl, REDACTED } from '../../src/api/access-log.ts';

describe('loggedUrl', () => {
  it("logs a URL whose parameters are all the API's own as it was sent", () => {
    const url = '/api/events?start=2026-01-01T00:00:00&end=2026-02-01&timeZone=Europe%2FLondon&calendarId=a&calendarId=b';
    expect(loggedUrl(url)).toBe(url);
    expect(loggedUrl('/api/me')).toBe('/api/me');
  });

  it('keeps only the names of other parameters, however their names are written', () => {
    expect(loggedUrl('/api/events?start=2026-01-01&code=secret')).toBe(`/api/events?start=2026-01-01&code=${REDACTED}`);
    // An escaped name is read as the API reads it: "st%61rt" is start, and "%63ode" is code.
    expect(loggedUrl('/api/events?st%61rt=2026-01-01&%63ode=secret')).toBe(`/api/events?start=2026-01-01&code=${REDACTED}`);
    expect(loggedUrl('/api/events?start=2026-01-01&=secret')).toBe(`/api/events?start=2026-01-01&=${REDACTED}`);
    expect(loggedUrl('/api/events?secret')).toBe(`/api/events?secret=${REDACTED}`);
  });
});
