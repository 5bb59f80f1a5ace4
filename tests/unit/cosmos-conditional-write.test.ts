import { describe, expect, it } from 'vitest';
import { CONFLICT_ATTEMPTS, writeExpectedVersion } from '../../src/api/stores/cosmos/conditional-write.ts';
import { NotFoundError, PreconditionFailedError, type ExpectedVersion } from '../../src/api/stores/repository.ts';

type Doc = { version: number } | null;

/** Reads answer the documents in turn; writes answer theirs in turn (undefined: lost the race). */
function scripted(reads: Doc[], writes: (string | undefined)[]) {
  let writeCalls = 0;
  const run = (expected: ExpectedVersion) =>
    writeExpectedVersion(
      expected,
      async () => reads.shift() ?? null,
      async () => writes[writeCalls++],
    );
  return { run, writes: () => writeCalls };
}

describe('writeExpectedVersion (the Cosmos store’s If-Match protocol)', () => {
  it('writes when the document is at the expected version, or at any with "*"', async () => {
    expect(await scripted([{ version: 3 }], ['written']).run(3)).toBe('written');
    expect(await scripted([{ version: 3 }], ['written']).run(null)).toBe('written');
  });

  it('answers 404 for a document that is not there when it reads, with a version or "*", and writes nothing', async () => {
    for (const expected of [1, null]) {
      const script = scripted([null], ['written']);
      await expect(script.run(expected)).rejects.toBeInstanceOf(NotFoundError);
      expect(script.writes()).toBe(0);
    }
  });

  it('answers 412 for another version, and writes nothing', async () => {
    const script = scripted([{ version: 2 }], ['written']);
    await expect(script.run(1)).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(script.writes()).toBe(0);
  });

  it('answers 412 when it read the expected version but lost to a change', async () => {
    await expect(scripted([{ version: 1 }, { version: 2 }], [undefined, 'written']).run(1)).rejects.toBeInstanceOf(PreconditionFailedError);
  });

  it('answers 412, not success and not 404, when it read the expected version but lost to a delete', async () => {
    const script = scripted([{ version: 1 }, null], [undefined, 'written']);
    await expect(script.run(1)).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(script.writes()).toBe(1);
  });

  it('with "*", writes the newer version after losing to a change, and answers 404 after losing to a delete', async () => {
    expect(await scripted([{ version: 1 }, { version: 2 }], [undefined, 'written']).run(null)).toBe('written');
    await expect(scripted([{ version: 1 }, null], [undefined, 'written']).run(null)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('tries again after a change that kept the version, and gives up with 412 after CONFLICT_ATTEMPTS losses', async () => {
    expect(await scripted([{ version: 1 }, { version: 1 }], [undefined, 'written']).run(1)).toBe('written');
    const always = scripted(Array.from({ length: CONFLICT_ATTEMPTS + 1 }, () => ({ version: 1 })), []);
    await expect(always.run(1)).rejects.toBeInstanceOf(PreconditionFailedError);
    expect(always.writes()).toBe(CONFLICT_ATTEMPTS);
  });
});
