import { describe, expect, it } from 'vitest';
import { createFeedCache, feedKeyText, feedTag } from '../../src/api/events/feed-cache.ts';

describe('the feed cache', () => {
  const window = Object.freeze({ fromMs: 0, toMs: 10, fromDayMs: 0, toDayMs: 86_400_000 });

  it("tells a feed's ETag at once, the same before its body is built and after", async () => {
    const cache = createFeedCache();
    const key = feedKeyText({ tenantId: 't', calendarIds: undefined, window });
    let builds = 0;
    const build = async () => `[${++builds}]`;
    const missed = cache.feed(key, '1', build);
    expect(missed.tag).toBe(feedTag(key, '1'));
    expect((await missed.body()).json.toString()).toBe('[1]');
    const hit = cache.feed(key, '1', build);
    expect(hit.tag).toBe(missed.tag);
    expect((await hit.body()).json.toString()).toBe('[1]');
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1 });
    // Another version is another tag and another body.
    const next = cache.feed(key, '2', build);
    expect(next.tag).not.toBe(missed.tag);
    expect((await next.body()).json.toString()).toBe('[2]');
  });

  it('keys calendars as a set, whether or not their list may still change', () => {
    const frozen = Object.freeze(['b', 'a', 'b']);
    const text = feedKeyText({ tenantId: 't', calendarIds: frozen, window });
    expect(feedKeyText({ tenantId: 't', calendarIds: frozen, window })).toBe(text);
    const open = ['a', 'b'];
    expect(feedKeyText({ tenantId: 't', calendarIds: open, window })).toBe(text);
    open.push('c');
    expect(feedKeyText({ tenantId: 't', calendarIds: open, window })).not.toBe(text);
  });

  it("drops a tenant's bodies under older versions once one under a newer version is kept, and no other tenant's", async () => {
    const cache = createFeedCache();
    const keyOf = (tenantId: string, toMs: number) => feedKeyText({ tenantId, calendarIds: undefined, window: { ...window, toMs } });
    const body = (size: number) => async () => 'x'.repeat(size);
    for (const toMs of [10, 20, 30]) await cache.feed(keyOf('t', toMs), '1', body(1_000)).body();
    await cache.feed(keyOf('t2', 10), '1', body(1_000)).body();
    const before = cache.stats().bytes;
    expect(before).toBeGreaterThan(4_000);
    // Tenant t's data moves on to version 2: one window is read again under it.
    await cache.feed(keyOf('t', 10), '2', body(100)).body();
    // What is left: t2's body and t's new one.
    expect(cache.stats().bytes).toBe(keyOf('t2', 10).length + 1_000 + keyOf('t', 10).length + 100);
    // t2's body is still there: a hit.
    await cache.feed(keyOf('t2', 10), '1', body(1_000)).body();
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 5 });
  });
});
