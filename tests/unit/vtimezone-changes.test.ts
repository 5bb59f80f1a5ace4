// How an export learns a zone's changes: in chunks of years with the event loop turning between, kept for later
// exports, and the same VTIMEZONE whichever spans were learnt first.
import { describe, expect, it, vi } from 'vitest';
import type * as Vtimezone from '../../src/api/ical/vtimezone.ts';

type VtimezoneModule = typeof Vtimezone;

/** The module afresh: nothing learnt yet. */
async function freshModule(): Promise<VtimezoneModule> {
  vi.resetModules();
  return import('../../src/api/ical/vtimezone.ts');
}

describe('a zone’s changes, learnt for VTIMEZONEs', () => {
  it('are learnt ZONE_CHANGES_CHUNK_YEARS at a time, the event loop turning between, and once', async () => {
    const { prepareVtimezone, ZONE_CHANGES_CHUNK_YEARS } = await freshModule();
    let turns = 0;
    let preparing = true;
    const turn = () => {
      turns++;
      if (preparing) setImmediate(turn);
    };
    setImmediate(turn);
    await prepareVtimezone('America/Santiago', 1900, 2200).finally(() => (preparing = false));
    expect(turns).toBeGreaterThanOrEqual(Math.floor((2200 - 1900) / ZONE_CHANGES_CHUNK_YEARS));
    // Learnt: preparing again finishes without the loop turning.
    turns = 0;
    preparing = true;
    setImmediate(turn);
    await prepareVtimezone('America/Santiago', 1950, 2100).finally(() => (preparing = false));
    expect(turns).toBe(0);
  });

  it.each(['Europe/London', 'America/Santiago', 'Australia/Lord_Howe', 'Africa/Casablanca', 'Pacific/Chatham'])(
    'give %s the same VTIMEZONE whichever spans were learnt before, earlier or later',
    async (zone) => {
      const direct = (await freshModule()).vtimezone(zone, 1990, 2040).toString();
      // Learnt in the middle, then on both sides at once while building.
      const built = await freshModule();
      await built.prepareVtimezone(zone, 2020, 2030);
      expect(built.vtimezone(zone, 1990, 2040).toString()).toBe(direct);
      // Learnt in the middle, then earlier while building, then on both sides in chunks.
      const prepared = await freshModule();
      await prepared.prepareVtimezone(zone, 2020, 2030);
      prepared.vtimezone(zone, 2000, 2010);
      await prepared.prepareVtimezone(zone, 1990, 2040);
      expect(prepared.vtimezone(zone, 1990, 2040).toString()).toBe(direct);
    },
  );
});
