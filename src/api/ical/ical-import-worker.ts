// Runs in a worker thread of the import pool (ical-import-pool.ts): an untrusted .ics file read into plain candidates,
// away from the thread that answers everyone else. The main thread checks them (ical-import-drafts.ts): this thread
// loads only what reading needs, not zod nor the event schema (tests/unit/ical-import-worker-modules.test.ts), since
// every module here is loaded again in its own isolate and counts in the server's memory. A 4xx HttpProblem comes
// back as data, since a thrown error loses its fields on its way between threads.
import type { MessagePort } from 'node:worker_threads';
import { HttpProblem } from '../errors.ts';
import { icsCandidates, type IcsCandidates, type IcsReadOptions } from './ical-import-file.ts';

export interface IcsReadTask extends IcsReadOptions {
  body: Uint8Array;
  /** Told as the thread starts on the file, so that its deadline runs from then and not from its wait in the queue. */
  started: MessagePort;
}

/** A client error, as HttpProblem's constructor takes it. */
export interface ProblemData {
  status: number;
  title: string;
  options: { detail?: string; errors?: HttpProblem['errors']; type: string; limit?: number };
}

export type IcsReadAnswer = { read: IcsCandidates } | { problem: ProblemData };

export default function readIcsTask({ body, timeZone, categories, started }: IcsReadTask): IcsReadAnswer {
  started.postMessage('started');
  started.close();
  try {
    return { read: icsCandidates(body, { timeZone, categories }) };
  } catch (error) {
    if (!(error instanceof HttpProblem) || error.status >= 500) throw error;
    const { status, title, detail, errors, type, limit } = error;
    return { problem: { status, title, options: { detail, errors, type, limit } } };
  }
}
