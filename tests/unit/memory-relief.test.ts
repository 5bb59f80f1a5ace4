import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MEMORY_RELIEF_IDLE_MS, MEMORY_RELIEF_INTERVAL_MS, MEMORY_RELIEF_RSS_MB, watchMemoryRelief, type Relief } from '../../src/api/health/memory-relief.ts';
import { ICS_IMPORT_IDLE_MS } from '../../src/api/ical/ical-import-pool.ts';
import { FEED_LOAD_RSS_MAX_MB, SERVER_NODE_FLAGS } from '../../src/api/process-settings.ts';

const MB = 1024 * 1024;
const ROOT = join(import.meta.dirname, '..', '..');

/** A relief watch on a hand clock and a hand RSS, with a collection that only counts. */
function handWatch() {
  const hand = { now: 1_000, rssMb: 100, collected: 0, reliefs: [] as Relief[] };
  const watch = watchMemoryRelief({
    collect: () => void hand.collected++,
    now: () => hand.now,
    rssBytes: () => hand.rssMb * MB,
    onRelief: (relief) => hand.reliefs.push(relief),
  });
  return { hand, watch };
}

describe('giving memory back', () => {
  it(`relieves a server once when no request came for MEMORY_RELIEF_IDLE_MS (${MEMORY_RELIEF_IDLE_MS} ms) after some did, not before`, () => {
    const { hand, watch } = handWatch();
    try {
      watch.check();
      expect(hand.collected, 'never used: nothing to give back').toBe(0);
      watch.noteRequest();
      hand.now += MEMORY_RELIEF_IDLE_MS - 1;
      watch.check();
      expect(hand.collected).toBe(0);
      hand.now += 1;
      watch.check();
      expect(hand.reliefs.map((relief) => relief.why)).toEqual(['idle']);
      hand.now += 10 * MEMORY_RELIEF_IDLE_MS;
      watch.check();
      expect(hand.collected, 'still idle: once is enough').toBe(1);
    } finally {
      watch.stop();
    }
  });

  it(`relieves a busy server whose RSS passed MEMORY_RELIEF_RSS_MB (${MEMORY_RELIEF_RSS_MB}, below ${FEED_LOAD_RSS_MAX_MB}), at most once per MEMORY_RELIEF_INTERVAL_MS`, () => {
    const { hand, watch } = handWatch();
    try {
      watch.noteRequest();
      hand.rssMb = MEMORY_RELIEF_RSS_MB;
      watch.check();
      expect(hand.collected).toBe(0);
      hand.rssMb = MEMORY_RELIEF_RSS_MB + 1;
      watch.check();
      expect(hand.reliefs).toEqual([expect.objectContaining({ why: 'rss', rssBeforeMb: MEMORY_RELIEF_RSS_MB + 1 })]);
      // Busy, and still past the threshold: a check each second, each within the interval after the relief.
      const relievedAt = hand.now;
      while (hand.now + 1_000 < relievedAt + MEMORY_RELIEF_INTERVAL_MS) {
        hand.now += 1_000;
        watch.noteRequest();
        watch.check();
      }
      expect(hand.collected, 'within the interval').toBe(1);
      hand.now = relievedAt + MEMORY_RELIEF_INTERVAL_MS;
      watch.check();
      expect(hand.collected).toBe(2);
    } finally {
      watch.stop();
    }
  });

  it('does nothing in a process without gc() (started without --expose-gc)', () => {
    const watch = watchMemoryRelief({ collect: undefined });
    expect(watch.active).toBe(typeof (globalThis as { gc?: unknown }).gc === 'function');
    watch.stop();
  });

  it('gives a process started with the server’s flags its garbage’s RSS back (V8’s last-resort collection, which an ordinary one does not)', () => {
    // 150 MB of objects made garbage, then relieved: RSS must fall by most of it.
    const script = `import { watchMemoryRelief } from ${JSON.stringify(join(ROOT, 'src/api/health/memory-relief.ts'))};
      let keep = [];
      for (let round = 0; round < 30; round++) { const a = []; for (let i = 0; i < 150000; i++) a.push({ i, s: 'x' + i }); keep.push(a); }
      keep = null;
      const before = process.memoryUsage.rss();
      let relief;
      const watch = watchMemoryRelief({ limits: { rssMb: 0, checkMs: 60_000 }, onRelief: (r) => (relief = r) });
      watch.check();
      watch.stop();
      console.log(JSON.stringify({ active: watch.active, before: before / 2 ** 20, relief }));`;
    const child = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, '--input-type=module', '-e', script], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(child.stderr);
    const { active, before, relief } = JSON.parse(child.stdout) as { active: boolean; before: number; relief: Relief };
    expect(active).toBe(true);
    expect(before).toBeGreaterThan(150);
    expect(relief.rssBeforeMb - relief.rssAfterMb).toBeGreaterThan(80);
    // A child Node making 150 MB of objects: about 2 s alone, several while other work loads both cores.
  }, 30_000);
});

describe('the .ics reading thread and memory relief', () => {
  it('end an idle reading thread (ICS_IMPORT_IDLE_MS) before the relief that gives its pages back (MEMORY_RELIEF_IDLE_MS)', () => {
    // V8 keeps an ended thread's pages until a memory-reducing collection: a thread ending after the idle relief would
    // leave them held until the next load.
    expect(ICS_IMPORT_IDLE_MS).toBeLessThan(MEMORY_RELIEF_IDLE_MS);
  });
});
