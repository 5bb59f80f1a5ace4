import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { describe, expect, it } from 'vitest';
import { instantOfWallClockMs, offsetAtMs, wallClockMs } from '../../src/api/recurrence/zone-offsets.ts';

// Zones with DST both ways, half-hour and 45-minute offsets, a 30-minute DST shift, and rule changes in living memory.
const ZONES = ['America/New_York', 'Europe/London', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'America/Santiago', 'Europe/Moscow', 'Pacific/Apia', 'UTC'];
const SPAN = { min: Date.UTC(1900, 0, 1), max: Date.UTC(2201, 0, 1) };

const temporalWallClock = (instantMs: number, zone: string) =>
  Temporal.Instant.fromEpochMilliseconds(instantMs).toZonedDateTimeISO(zone).toPlainDateTime().toZonedDateTime('UTC').epochMilliseconds;
const temporalInstant = (floatingMs: number, zone: string) =>
  Temporal.Instant.fromEpochMilliseconds(floatingMs).toZonedDateTimeISO('UTC').toPlainDateTime().toZonedDateTime(zone, { disambiguation: 'compatible' }).epochMilliseconds;

/** Instants near each zone's transitions, where a wrong offset would show. */
function transitionsNear(zone: string, fromMs: number, count: number): number[] {
  const found: number[] = [];
  let at = Temporal.Instant.fromEpochMilliseconds(fromMs).toZonedDateTimeISO(zone);
  for (let i = 0; i < count; i++) {
    const next = at.getTimeZoneTransition('next');
    if (!next) break;
    found.push(next.epochMilliseconds);
    at = next;
  }
  return found;
}

describe('zone offsets', () => {
  it('read every instant as Temporal does, across 1900–2200', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer(SPAN), (zone, instantMs) => {
        expect(wallClockMs(instantMs, zone)).toBe(temporalWallClock(instantMs, zone));
      }),
      { numRuns: 3_000 },
    );
  });

  it('turn every wall-clock time into the instant Temporal gives, gaps moved forward and overlaps taken early', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer(SPAN), (zone, floatingMs) => {
        expect(instantOfWallClockMs(floatingMs, zone)).toBe(temporalInstant(floatingMs, zone));
      }),
      { numRuns: 3_000 },
    );
  });

  it('agree with Temporal in every quarter hour around real transitions, and on the transitions themselves', () => {
    for (const zone of ZONES) {
      for (const atMs of transitionsNear(zone, Date.UTC(2020, 0, 1), 12)) {
        for (let delta = -4 * 3_600_000; delta <= 4 * 3_600_000; delta += 900_000) {
          expect(offsetAtMs(atMs + delta, zone) * 1e6).toBe(Temporal.Instant.fromEpochMilliseconds(atMs + delta).toZonedDateTimeISO(zone).offsetNanoseconds);
          expect(instantOfWallClockMs(atMs + delta, zone), `${zone} ${new Date(atMs + delta).toISOString()}`).toBe(temporalInstant(atMs + delta, zone));
        }
      }
    }
  });

  it('moves 02:30 on New York’s spring-forward day to 03:30 and takes the earlier 01:30 on its fall-back day', () => {
    expect(new Date(instantOfWallClockMs(Date.UTC(2027, 2, 14, 2, 30), 'America/New_York')).toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(new Date(instantOfWallClockMs(Date.UTC(2027, 10, 7, 1, 30), 'America/New_York')).toISOString()).toBe('2027-11-07T05:30:00.000Z');
  });
});
