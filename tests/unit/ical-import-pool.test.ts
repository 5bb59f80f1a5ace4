import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpProblem } from '../../src/api/errors.ts';
import { candidatesToDrafts } from '../../src/api/ical/ical-import-drafts.ts';
import { icsCandidates } from '../../src/api/ical/ical-import-file.ts';
import {
  createIcsReader,
  DEFAULT_ICS_READER_LIMITS,
  ICS_IMPORT_DEADLINE_MS,
  ICS_IMPORT_HEAP_MB,
  ICS_IMPORT_RETRY_AFTER_S,
  ICS_IMPORT_THREADS_MAX,
  type IcsReader,
  type IcsReaderLimits,
} from '../../src/api/ical/ical-import-pool.ts';
import { ICS_IMPORT_COMPONENTS_MAX, ICS_IMPORT_MAX_BYTES } from '../../src/shared/limits.ts';
import { FILE_TOO_COMPLEX_TYPE } from '../../src/shared/problem.ts';
import { largestFile } from '../security/helpers/ics-attacks.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const options = { timeZone: 'UTC', categories: [{ id: 'training-id', name: 'Training' }] };
const google = readFileSync(new URL('../fixtures/ics/google-calendar.ics', import.meta.url));
const largest = bytes(largestFile());

const readers: IcsReader[] = [];
afterEach(async () => Promise.all(readers.splice(0).map((reader) => reader.close())));

function readerWith(limits: Partial<IcsReaderLimits> = {}): IcsReader {
  const reader = createIcsReader({ ...DEFAULT_ICS_READER_LIMITS, ...limits });
  readers.push(reader);
  return reader;
}

const failure = async (promise: Promise<unknown>) => promise.then(() => expect.fail('expected a refusal'), (error: unknown) => error as HttpProblem);

describe('reading .ics files in worker threads', () => {
  it('reads a file as the main thread would, drafts and skips alike', async () => {
    const read = await readerWith().read(google, options);
    expect(read).toEqual(icsCandidates(google, options));
    const { drafts, skipped } = await candidatesToDrafts(read);
    expect(drafts.map((draft) => draft.title).sort()).toEqual(['(No title)', 'Offsite 🏔️ in the mountains', 'Weekly sync']);
    expect(skipped).toEqual([]);
  });

  it('gives back a 400 thrown in the thread as the same problem, with its errors', async () => {
    const error = await failure(readerWith().read(bytes('BEGIN:VCALENDAR\r\nSUMMARY has no colon\r\nEND:VCALENDAR\r\n'), options));
    expect(error).toBeInstanceOf(HttpProblem);
    expect(error).toMatchObject({ status: 400, title: 'Bad Request', errors: [{ field: '(body)', message: 'Line 2: SUMMARY has no colon before its value' }] });
  });

  it(`reads a file at every cap (${ICS_IMPORT_MAX_BYTES / 1024 / 1024} MB, ${ICS_IMPORT_COMPONENTS_MAX} events) within ICS_IMPORT_HEAP_MB (${ICS_IMPORT_HEAP_MB}) and ICS_IMPORT_DEADLINE_MS (${ICS_IMPORT_DEADLINE_MS})`, async () => {
    expect(largest.length).toBeGreaterThan(0.85 * ICS_IMPORT_MAX_BYTES);
    const read = await readerWith().read(largest, options);
    expect(read.candidates).toHaveLength(ICS_IMPORT_COMPONENTS_MAX);
  });

  it('ends a thread past its deadline with a 422 of its own type', async () => {
    // A thousandth of what reading the largest file takes: the bound, not the machine's speed, decides.
    const error = await failure(readerWith({ deadlineMs: 1 }).read(largest, options));
    expect(error).toMatchObject({ status: 422, type: FILE_TOO_COMPLEX_TYPE, detail: `Reading this file needs more than an import may use (0.001 s, ${ICS_IMPORT_HEAP_MB} MB). Nothing was imported: split it into smaller files.` });
  });

  it('ends a thread past its heap limit with the same 422, and reads the next file in a new one', async () => {
    const reader = readerWith({ heapMb: 16 });
    expect(await failure(reader.read(largest, options))).toMatchObject({ status: 422, type: FILE_TOO_COMPLEX_TYPE });
    expect((await reader.read(google, options)).candidates).toHaveLength(3);
  });

  it(`answers 503 with Retry-After once its queue is full, at most ICS_IMPORT_THREADS_MAX (${ICS_IMPORT_THREADS_MAX}) reading at once`, async () => {
    expect(ICS_IMPORT_THREADS_MAX).toBeLessThanOrEqual(2);
    const reader = readerWith({ threads: 1, queue: 1 });
    const reads = [1, 2, 3].map(() => reader.read(largest, options).then(() => 'read', (error: HttpProblem) => error));
    const [first, , third] = await Promise.all(reads);
    expect(first).toBe('read');
    expect(third).toMatchObject({ status: 503, headers: { 'retry-after': String(ICS_IMPORT_RETRY_AFTER_S) } });
  });

  it('answers 503 when no thread starts on the file in time', async () => {
    // A heap too small for a thread to even start: no thread ever takes the file.
    const error = await failure(readerWith({ heapMb: 4, waitMs: 2_000 }).read(google, options));
    expect(error).toMatchObject({ status: 503, headers: { 'retry-after': String(ICS_IMPORT_RETRY_AFTER_S) } });
  });
});
