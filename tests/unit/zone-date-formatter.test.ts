import { describe, expect, it } from 'vitest';
import { isValidTimeZone, ZONE_FORMATTERS_MAX, zoneDateFormatter } from '../../src/shared/time.ts';

/** Distinct spellings of one zone: IANA names are case-insensitive, so a client can send endlessly many. */
function spellings(count: number): string[] {
  const [area, name] = ['america/argentina/', 'comodrivadavia'];
  // Bit i of n capitalises the name's i-th letter: 2^14 spellings.
  return Array.from({ length: count }, (_, n) => area + [...name!].map((letter, i) => (n & (1 << i) ? letter.toUpperCase() : letter)).join(''));
}

describe('zone date formatters', () => {
  it('are made once per zone and write YYYY-MM-DD in that zone', () => {
    const tokyo = zoneDateFormatter('Asia/Tokyo');
    expect(zoneDateFormatter('Asia/Tokyo')).toBe(tokyo);
    expect(tokyo.format(Date.parse('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
    expect(zoneDateFormatter('America/New_York').format(Date.parse('2026-03-01T02:00:00Z'))).toBe('2026-02-28');
  });

  it('refuse an unknown zone and keep nothing for it', () => {
    expect(() => zoneDateFormatter('Mars/Olympus_Mons')).toThrow(RangeError);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('Europe/London')).toBe(true);
  });

  it(`keep at most ${ZONE_FORMATTERS_MAX} zones, dropping the oldest`, () => {
    expect(ZONE_FORMATTERS_MAX).toBe(1_000);
    const names = spellings(ZONE_FORMATTERS_MAX + 1);
    expect(new Set(names).size).toBe(ZONE_FORMATTERS_MAX + 1);
    const first = zoneDateFormatter(names[0]!);
    for (const name of names.slice(1, ZONE_FORMATTERS_MAX)) zoneDateFormatter(name);
    expect(zoneDateFormatter(names[0]!)).toBe(first);
    // names[0] is still the oldest entry: one more zone pushes it out, so it is made again.
    zoneDateFormatter(names[ZONE_FORMATTERS_MAX]!);
    expect(zoneDateFormatter(names[0]!)).not.toBe(first);
  });
});
