import { describe, expect, it } from 'vitest';
import { BATCH_BYTES_MAX, BATCH_EVENTS_MAX, batchGroups } from '../../src/api/stores/cosmos/cosmos-event-batch.ts';
import { TRANSACTIONAL_BATCH_MAX } from '../../src/api/stores/cosmos/cosmos-history.ts';

const numbers = (count: number) => Array.from({ length: count }, (_, i) => i);

describe('an import’s transactional batches', () => {
  it('hold at most BATCH_EVENTS_MAX events: each with its entry, and the history sequence, within 100 operations', () => {
    expect(1 + 2 * BATCH_EVENTS_MAX).toBeLessThanOrEqual(TRANSACTIONAL_BATCH_MAX);
    expect(1 + 2 * (BATCH_EVENTS_MAX + 1)).toBeGreaterThan(TRANSACTIONAL_BATCH_MAX);
    const groups = batchGroups(numbers(2_000), () => 1_000);
    expect(groups.map((group) => group.length)).toEqual([...Array(40).fill(BATCH_EVENTS_MAX), 2_000 - 40 * BATCH_EVENTS_MAX]);
    expect(groups.flat()).toEqual(numbers(2_000));
  });

  it(`hold at most BATCH_BYTES_MAX (${BATCH_BYTES_MAX}) bytes, below Cosmos's 2 MB a batch, in order; a bigger item goes alone`, () => {
    expect(BATCH_BYTES_MAX).toBeLessThan(2 * 1024 * 1024);
    const big = BATCH_BYTES_MAX / 4;
    const groups = batchGroups(numbers(10), () => big);
    expect(groups.map((group) => group.length)).toEqual([4, 4, 2]);
    const sizes = [10, BATCH_BYTES_MAX + 1, 10, 10];
    expect(batchGroups(numbers(4), (i) => sizes[i]!)).toEqual([[0], [1], [2, 3]]);
    expect(batchGroups([], () => 1)).toEqual([]);
  });
});
