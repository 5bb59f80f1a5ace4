import { NotFoundError, PreconditionFailedError, versionMatches, type ExpectedVersion } from '../repository.ts';

/** How often a conditional write is tried again when something else changed the document in between. */
export const CONFLICT_ATTEMPTS = 5;

/**
 * A write the caller's If-Match guards, with what SQLite's transaction gives for free: read the document (none:
 * NotFoundError; another version than expected: PreconditionFailedError), then write it with If-Match on its
 * `_etag`. `write` answers undefined when it lost (the document changed or went since the read); then the
 * document is read again. A document that was there at the expected version and is gone on that second read
 * lost to someone else's write (a delete): with a version that is a PreconditionFailedError, never a success
 * and never a 404, so that of all the writes expecting one version exactly one wins. With "*" there is no
 * version to be stale against: gone is gone (404). A change that kept the version (an internal write, such as
 * a calendar's longest-event bound) is tried again.
 */
export async function writeExpectedVersion<Doc extends { version: number }, Result>(
  expected: ExpectedVersion,
  read: () => Promise<Doc | null>,
  write: (doc: Doc) => Promise<Result | undefined>,
): Promise<Result> {
  let seenExpected = false;
  for (let attempt = 0; attempt < CONFLICT_ATTEMPTS; attempt++) {
    const doc = await read();
    if (!doc) throw seenExpected && expected !== null ? new PreconditionFailedError() : new NotFoundError();
    if (!versionMatches(expected, doc.version)) throw new PreconditionFailedError();
    seenExpected = true;
    const result = await write(doc);
    if (result !== undefined) return result;
  }
  throw new PreconditionFailedError();
}
