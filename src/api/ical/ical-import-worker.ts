// Runs in a worker thread of the import pool (ical-import-pool.ts): an untrusted .ics file read into drafts, away from
// the thread that answers everyone else. A 4xx HttpProblem comes back as data, since a thrown error loses its fields
// on its way between threads.
import type { MessagePort } from 'node:worker_threads';
import { HttpProblem } from '../errors.ts';
import { icsDrafts, type IcsDrafts, type IcsReadOptions } from './ical-import-drafts.ts';

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

export type IcsReadAnswer = { read: IcsDrafts } | { problem: ProblemData };

export default async function readIcsTask({ body, timeZone, categories, started }: IcsReadTask): Promise<IcsReadAnswer> {
  started.postMessage('started');
  started.close();
  try {
    return { read: await icsDrafts(body, { timeZone, categories }) };
  } catch (error) {
    if (!(error instanceof HttpProblem) || error.status >= 500) throw error;
    const { status, title, detail, errors, type, limit } = error;
    return { problem: { status, title, options: { detail, errors, type, limit } } };
  }
}
