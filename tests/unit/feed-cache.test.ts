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
});
