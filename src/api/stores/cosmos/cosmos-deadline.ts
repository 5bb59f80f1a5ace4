// Every call of the Cosmos store is bounded by the store's deadline (STORE_CALL_DEADLINE_MS), and its answer says
// truthfully what became of it. Each network request of a call must answer within the deadline; the first that does not
// ends the call (its other requests are aborted, and no new one goes out). Bounding requests rather than the whole call
// keeps a large read (a window of 5,000 events, read a page at a time) or a write waiting its turn behind the tenant's
// others from failing while the store answers every request. A call that wrote nothing (every read, and a write refused
// before anything was sent or refused outright) fails with StoreUnavailableError (503, Retry-After); a write whose
// request may have landed (cut by a reset, or unanswered at the deadline) fails with OutcomeUnknownError. The SDK is
// told through a request plugin: each request carries an AbortSignal, and whether a write request went out is noted.
import { AsyncLocalStorage } from 'node:async_hooks';
import { OperationType, type PluginConfig, type RequestContext, type Response } from '@azure/cosmos';
import { OutcomeUnknownError, StoreFullError, StoreUnavailableError } from '../repository.ts';
import { DEFAULT_RETRY_AFTER_SECONDS } from './cosmos-retry.ts';

/**
 * How long after its end a call's answer may wait for the call to stop on its own (its requests aborted, a write's
 * change-version bump handed to the background), before the deadline answers for it: a call that cooperates answers
 * with what it knows.
 */
export const DEADLINE_GRACE_MS = 250;

/** The SDK's operations that write. A query is a POST, but reads. */
const WRITES: ReadonlySet<string> = new Set([
  OperationType.Create,
  OperationType.Replace,
  OperationType.Upsert,
  OperationType.Delete,
  OperationType.Patch,
  OperationType.Batch,
  OperationType.Execute,
]);

/** Thrown to a call's requests once one of them missed the deadline: no request of it goes out after that. */
export class StoreDeadlineError extends Error {
  constructor() {
    super('The store did not answer a request within its deadline');
    this.name = 'StoreDeadlineError';
  }
}

interface StoreCall {
  signal: AbortSignal;
  abort(): void;
  /** A write request went out and was not refused outright: it may have landed. */
  mayHaveWritten: boolean;
  /** The call has answered: a request made after that (background work it started) is no longer its to bound. */
  done: boolean;
}

const calls = new AsyncLocalStorage<StoreCall>();

/** A write answered with a client error (other than a timeout) was refused: Cosmos applied nothing of it. */
function refused(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNREFUSED') return true;
  return typeof code === 'number' && code >= 400 && code < 500 && code !== 408;
}

type Next = (context: RequestContext) => Promise<Response<unknown>>;

/** Each network request: refused once its call has ended, aborted at the deadline or with its call, and noted when it writes. */
async function boundRequest(deadlineMs: number, context: RequestContext, next: Next): Promise<Response<unknown>> {
  const call = calls.getStore();
  if (!call || call.done) return next(context);
  if (call.signal.aborted) throw new StoreDeadlineError();
  const request = new AbortController();
  const abort = () => request.abort();
  // One request that misses the deadline ends its call: the store is not answering.
  const timer = setTimeout(() => {
    request.abort();
    call.abort();
  }, deadlineMs);
  call.signal.addEventListener('abort', abort, { once: true });
  context.options = { ...context.options, abortSignal: request.signal };
  const writes = context.operationType !== undefined && WRITES.has(context.operationType);
  try {
    const response = await next(context);
    if (writes) call.mayHaveWritten = true;
    return response;
  } catch (error) {
    if (writes && !refused(error)) call.mayHaveWritten = true;
    if (call.signal.aborted) throw new StoreDeadlineError();
    throw error;
  } finally {
    clearTimeout(timer);
    call.signal.removeEventListener('abort', abort);
  }
}

/** The SDK plugin that bounds a store's requests by its deadline (STORE_CALL_DEADLINE_MS unless configured). */
export function deadlinePlugin(deadlineMs: number): PluginConfig {
  return { on: 'request', plugin: (context: RequestContext, _diagnostics: unknown, next: Next) => boundRequest(deadlineMs, context, next) };
}

const STATUS_FAILURES = new Set([408, 429, 449, 500, 502, 503, 504]);
const NETWORK_FAILURES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'REQUEST_SEND_ERROR', 'TimeoutError']);

/** The store failed (did not answer, or answered that it cannot now), as opposed to refusing the call for its content. */
function storeFailed(error: unknown): boolean {
  if (error instanceof StoreUnavailableError || error instanceof StoreDeadlineError || error instanceof OutcomeUnknownError) return true;
  if ((error as { name?: unknown }).name === 'AbortError') return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? STATUS_FAILURES.has(code) : typeof code === 'string' && NETWORK_FAILURES.has(code);
}

/** Cosmos DB's answer that a logical partition has reached its size limit (403, substatus 1014): it wrote nothing. */
const PARTITION_FULL_SUBSTATUS = 1014;
const isPartitionFull = (error: unknown) =>
  (error as { code?: unknown }).code === 403 && Number((error as { substatus?: unknown }).substatus) === PARTITION_FULL_SUBSTATUS;

/** What a failed call tells its caller. */
function truthful(error: unknown, call: StoreCall, writes: boolean): unknown {
  if (isPartitionFull(error)) return new StoreFullError({ cause: error });
  if (error instanceof OutcomeUnknownError || !storeFailed(error)) return error;
  if (writes && call.mayHaveWritten) return new OutcomeUnknownError({ cause: error });
  if (error instanceof StoreUnavailableError) return error;
  return new StoreUnavailableError(DEFAULT_RETRY_AFTER_SECONDS, { cause: error });
}

/**
 * Runs one store call under the deadline; `writes` when what it writes is a change someone sees. A call made inside
 * another runs under the outer one's.
 */
export async function withDeadline<T>(writes: boolean, work: () => Promise<T>): Promise<T> {
  const outer = calls.getStore();
  if (outer && !outer.done) return work();
  const controller = new AbortController();
  const call: StoreCall = { signal: controller.signal, abort: () => controller.abort(), mayHaveWritten: false, done: false };
  let timer: NodeJS.Timeout | undefined;
  // Once the call is ended, the answer does not wait for work that ignores its signal.
  const late = new Promise<never>((_resolve, reject) => {
    controller.signal.addEventListener('abort', () => (timer = setTimeout(() => reject(new StoreDeadlineError()), DEADLINE_GRACE_MS)), { once: true });
  });
  try {
    return await Promise.race([calls.run(call, work), late]);
  } catch (error) {
    throw truthful(error, call, writes);
  } finally {
    call.done = true;
    clearTimeout(timer);
  }
}

/** Runs work outside any call: background work that must not end with the call that started it. */
export function detached<T>(work: () => T): T {
  return calls.exit(work);
}

/**
 * The object with each of its methods run as one store call under the deadline. `writes` names the methods whose
 * writes are changes someone sees; `unbounded`, those that are no store call (a subscription).
 */
export function bounded<T extends object>(target: T, names: { writes?: readonly string[]; unbounded?: readonly string[] }): T {
  const writes = new Set(names.writes);
  const unbounded = new Set(names.unbounded);
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || unbounded.has(property)) return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      return (...args: unknown[]) => withDeadline(writes.has(property), () => method.apply(object, args));
    },
  });
}
