import { describe, expect, it } from 'vitest';
import { withDeadline } from '../../src/api/stores/cosmos/cosmos-deadline.ts';
import { StoreFullError, StoreUnavailableError } from '../../src/api/stores/repository.ts';

/** An error as @azure/cosmos raises it for an answer: the status as `code`, Cosmos DB's sub-status beside it. */
const cosmosAnswer = (code: number, substatus?: number) => Object.assign(new Error(`answered ${code}`), { code, substatus });

describe('a Cosmos DB answer that the data has no room', () => {
  it('is StoreFullError (507: nothing was saved) for a partition at its size limit, on a write and a read alike', async () => {
    await expect(withDeadline(true, () => Promise.reject(cosmosAnswer(403, 1014)))).rejects.toBeInstanceOf(StoreFullError);
    await expect(withDeadline(false, () => Promise.reject(cosmosAnswer(403, 1014)))).rejects.toBeInstanceOf(StoreFullError);
  });

  it('is not taken for any other refusal or failure', async () => {
    const forbidden = cosmosAnswer(403, 5300);
    await expect(withDeadline(true, () => Promise.reject(forbidden))).rejects.toBe(forbidden);
    await expect(withDeadline(false, () => Promise.reject(cosmosAnswer(503)))).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
