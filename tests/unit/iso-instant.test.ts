import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isoDate, isoInstant } from '../../src/api/recurrence/iso-instant.ts';
import { DAY_MS } from '../../src/shared/limits.ts';
import { dayMsToDate } from '../../src/shared/time.ts';

// From well before year 0 to well after 9999, so both the fast path and the fallback are held to Date's answers.
const SPAN = { min: Date.parse('-000400-01-01T00:00:00Z'), max: Date.parse('+010400-01-01T00:00:00Z') };
const EDGES = ['0000-01-01T00:00:00.000Z', '1970-01-01T00:00:00.000Z', '2000-02-29T23:59:59.999Z', '2100-03-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z'];

describe('ISO strings of occurrences', () => {
  it('write every instant as Date#toISOString does', () => {
    fc.assert(
      fc.property(fc.integer(SPAN), (ms) => {
        expect(isoInstant(ms)).toBe(new Date(ms).toISOString());
      }),
      { numRuns: 20_000 },
    );
    for (const edge of EDGES) expect(isoInstant(Date.parse(edge))).toBe(edge);
  });

  it('write every all-day date as dayMsToDate does', () => {
    fc.assert(
      fc.property(fc.integer({ min: Math.floor(SPAN.min / DAY_MS), max: Math.floor(SPAN.max / DAY_MS) }), (day) => {
        expect(isoDate(day * DAY_MS)).toBe(dayMsToDate(day * DAY_MS));
      }),
      { numRuns: 20_000 },
    );
    expect(isoDate(Date.parse('2024-02-29'))).toBe('2024-02-29');
  });
});
