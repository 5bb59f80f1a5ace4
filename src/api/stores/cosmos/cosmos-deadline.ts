// Every call of the Cosmos store has a deadline (STORE_CALL_DEADLINE_MS), and its answer says truthfully what became of
// it: a call that wrote nothing (every read, and a write refused before anything was sent or after a definite refusal)
// fails with StoreUnavailableError (503, Retry-After); a write whose request may have landed (cut by a reset, or still
// unanswered at the deadline) fails with OutcomeUnknownError. The SDK is told through a request plugin: each network
// request of a call carries the call's AbortSignal, and whether a write request went out is noted on the call.
import { AsyncLocalStorage } from 'node:async_hooks';
import { OperationType, type PluginConfig, type RequestContext, type Response } from '@azure/cosmos';
import { OutcomeUnknownError, STORE_CALL_DEADLINE_MS, StoreUnavailableError } from '../repository.ts';
import { DEFAULT_RETRY_AFTER_SECONDS } from './cosmos-retry.ts';

/**
 * How long past its deadline a call's answer may wait for the call to stop on its own (its requests aborted, a write's
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

/** Thrown to a call's requests once its deadline passed: no request of it goes out after that. */
export class StoreDeadlineError extends Error {
  constructor() {
    super(`The store did not answer within ${STORE_CALL_DEADLINE_MS} ms`);
    this.name = 'StoreDeadlineError';
  }
}

interface StoreCall {
  signal: AbortSignal;
  abort(): void;
  /** A write request went out and was not refused outright: it may have landed. */
  mayHaveWritten: boolean;
}

const calls = new AsyncLocalStorage<StoreCall>();

/** A write answered with a client error (other than a timeout) was refused: Cosmos applied nothing of it. */
function refused(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (code === 'ECONNREFUSED') return true;
  return typeof code === 'number' && code >= 400 && code < 500 && code !== 408;
}

/** Each network request: refused once its call is past its deadline, aborted with it, and noted when it writes. */
async function boundRequest(context: RequestContext, _diagnostics: unknown, next: (context: RequestContext) => Promise<Response<unknown>>): Promise<Response<unknown>> {
  const call = calls.getStore();
  if (!call) return next(context);
  if (call.signal.aborted) throw new StoreDeadlineError();
  // One request that misses the deadline ends its call: the store is not answering.
  const request = AbortSignal.any([call.signal, AbortSignal.timeout(STORE_CALL_DEADLINE_MS)]);
  request.addEventListener('abort', () => call.abort(), { once: true });
  context.options = { ...context.options, abortSignal: request };
  const writes = context.operationType !== undefined && WRITES.has(context.operationType);
  try {
    const response = await next(context);
    if (writes) call.mayHaveWritten = true;
    return response;
  } catch (error) {
    if (writes && !refused(error)) call.mayHaveWritten = true;
    if (call.signal.aborted) throw new StoreDeadlineError();
    throw error;
  }
}

export const DEADLINE_PLUGIN: PluginConfig = { on: 'request', plugin: boundRequest };

const STATUS_FAILURES = new Set([408, 429, 449, 500, 502, 503, 504]);
const NETWORK_FAILURES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ETIMEDOUT', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND', 'REQUEST_SEND_ERROR', 'TimeoutError']);

/** The store failed (did not answer, or answered that it cannot now), as opposed to refusing the call for its content. */
function storeFailed(error: unknown): boolean {
  if (error instanceof StoreUnavailableError || error instanceof StoreDeadlineError || error instanceof OutcomeUnknownError) return true;
  if ((error as { name?: unknown }).name === 'AbortError') return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? STATUS_FAILURES.has(code) : typeof code === 'string' && NETWORK_FAILURES.has(code);
}

/** What a failed call tells its caller. */
function truthful(error: unknown, call: StoreCall, writes: boolean): unknown {
  if (error instanceof OutcomeUnknownError || !storeFailed(error)) return error;
  if (writes && call.mayHaveWritten) return new OutcomeUnknownError({ cause: error });
  if (error instanceof StoreUnavailableError) return error;
  return new StoreUnavailableError(DEFAULT_RETRY_AFTER_SECONDS, { cause: error });
}

/** A call's kind: `write` when what it writes is a change someone sees; `bulk` when it may take longer than one deadline. */
export interface CallKind {
  writes: boolean;
  /** Only each request has the deadline (an import's batches, a purge's deletes): the first to miss it ends the call. */
  bulk: boolean;
}

/** Runs one store call under its deadline. A call made inside another runs under the outer one's. */
export async function withDeadline<T>(kind: CallKind, work: () => Promise<T>): Promise<T> {
  if (calls.getStore()) return work();
  const controller = new AbortController();
  const call: StoreCall = { signal: controller.signal, abort: () => controller.abort(), mayHaveWritten: false };
  const timers: NodeJS.Timeout[] = [];
  // Past the deadline and its grace, the answer does not wait for a call that ignores its signal.
  const late = new Promise<never>((_resolve, reject) => {
    const answer = () => timers.push(setTimeout(() => reject(new StoreDeadlineError()), DEADLINE_GRACE_MS));
    if (!kind.bulk) timers.push(setTimeout(() => controller.abort(), STORE_CALL_DEADLINE_MS));
    controller.signal.addEventListener('abort', answer, { once: true });
  });
  try {
    return await Promise.race([calls.run(call, work), late]);
  } catch (error) {
    throw truthful(error, call, kind.writes);
  } finally {
    for (const timer of timers) clearTimeout(timer);
  }
}

/** Runs work outside any call: background work that must not end with the call that started it. */
export function detached<T>(work: () => T): T {
  return calls.exit(work);
}

/**
 * The object with each of its methods run as one store call under its own deadline. `writes` names the methods whose
 * writes are changes someone sees; `bulk`, those that may take longer than one deadline; `unbounded`, those that are
 * no store call (a subscription).
 */
export function bounded<T extends object>(target: T, names: { writes?: readonly string[]; bulk?: readonly string[]; unbounded?: readonly string[] }): T {
  const writes = new Set(names.writes);
  const bulk = new Set(names.bulk);
  const unbounded = new Set(names.unbounded);
  return new Proxy(target, {
    get(object, property, receiver) {
      const value: unknown = Reflect.get(object, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string' || unbounded.has(property)) return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      const kind = { writes: writes.has(property), bulk: bulk.has(property) };
      return (...args: unknown[]) => withDeadline(kind, () => method.apply(object, args));
    },
  });
}
