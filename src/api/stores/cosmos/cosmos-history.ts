// History entries on Cosmos: documents in the events container, in their tenant's partition, each written in one
// transactional batch with the change it records and with the tenant's history sequence (data-design.md, History).
import { BulkOperationType, type Container, type JSONObject, type OperationInput, type OperationResponse } from '@azure/cosmos';
import type { ChangeEntry } from '../../../shared/history-schema.ts';
import type { NewChangeEntry } from '../change-entries.ts';
import { StoreUnavailableError, type CalendarKey, type HistoryPageQuery, type HistoryRepository, type InTenant } from '../repository.ts';
import { ChangeFeedReader } from './cosmos-change-feed.ts';
import { codeOf, queryAll, readDoc } from './cosmos-documents.ts';
import { fromEntryDoc, toEntryDoc, type EntryDoc } from './cosmos-entry-docs.ts';
import { activityQuery, entryRecordedQuery, eventHistoryQuery, lastEntriesQuery, sinceQuery } from './cosmos-queries.ts';
import { DEFAULT_RETRY_AFTER_SECONDS, withRetries } from './cosmos-retry.ts';

/** Each tenant's history sequence: one document in the events container, in the tenant's partition. */
export const HISTORY_SEQUENCE_ID = 'history-sequence';
/** How often a write takes a new number when another write of the tenant took the sequence first. */
export const SEQUENCE_ATTEMPTS = 12;
/** The most operations a transactional batch holds (Cosmos's limit). */
export const TRANSACTIONAL_BATCH_MAX = 100;

interface SequenceDoc {
  id: string;
  tenantId: string;
  seq: number;
  _etag?: string;
}

export const createOp = (doc: object): OperationInput => ({ operationType: BulkOperationType.Create, resourceBody: doc as JSONObject });
export const replaceOp = (doc: { id: string; _etag?: string }): OperationInput => ({
  operationType: BulkOperationType.Replace,
  id: doc.id,
  resourceBody: doc as unknown as JSONObject,
  ifMatch: doc._etag,
});

/**
 * Runs a transactional batch and answers each operation's status. Cosmos answers a failed batch with the failed
 * operation's status (the SDK throws, the per-operation results in the error's body) and 424 for the others.
 */
export async function runBatch(container: Container, tenantId: string, operations: OperationInput[]): Promise<OperationResponse[]> {
  const response = await withRetries(async () => {
    try {
      return await container.items.batch(operations, tenantId);
    } catch (error) {
      const cause = (error as { cause?: { body?: unknown } }).cause;
      if (Array.isArray(cause?.body)) return { result: cause.body as OperationResponse[] };
      // The SDK wraps the response's error: its status decides whether to retry.
      throw cause ?? error;
    }
  }, { idempotent: false });
  return response.result ?? [];
}

export type CommitOutcome = { ok: true; results: OperationResponse[]; entries: ChangeEntry[] } | { ok: false; failed: number; status: number };

/** Waits a little longer after each lost race, at random, so that writers of several instances spread out. */
const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(200, 5 * 2 ** attempt)));

/**
 * What one store instance keeps per tenant about its history sequence: the writes waiting their turn (the instance's
 * writes of a tenant take turns, rather than racing each other for the sequence and losing all but one each round),
 * and the sequence as its last batch left it (so that the next needs no read while no other instance wrote between).
 */
interface SequenceState {
  turns: Map<string, Promise<void>>;
  known: Map<string, SequenceDoc>;
}
const states = new WeakMap<Container, SequenceState>();

function stateOf(events: Container): SequenceState {
  let state = states.get(events);
  if (!state) states.set(events, (state = { turns: new Map(), known: new Map() }));
  return state;
}

/** Runs the work after the instance's earlier writes of the tenant, whatever became of them. */
function inTurn<T>(state: SequenceState, tenantId: string, work: () => Promise<T>): Promise<T> {
  const result = (state.turns.get(tenantId) ?? Promise.resolve()).then(work);
  const settled = result.then(
    () => undefined,
    () => undefined,
  );
  state.turns.set(tenantId, settled);
  void settled.then(() => {
    if (state.turns.get(tenantId) === settled) state.turns.delete(tenantId);
  });
  return result;
}

/** One try: the batch with the sequence as known or read. Null when another write took the sequence first. */
async function tryCommit(events: Container, state: SequenceState, tenantId: string, ops: OperationInput[], entries: NewChangeEntry[]): Promise<CommitOutcome | null> {
  const sequence = state.known.get(tenantId) ?? (await readDoc<SequenceDoc>(events.item(HISTORY_SEQUENCE_ID, tenantId)));
  // A tenant's first number is the clock's ms: a database made anew does not repeat cursors clients hold.
  const last = sequence?.seq ?? Date.now();
  const docs = entries.map((entry, i) => toEntryDoc(tenantId, last + 1 + i, entry));
  const next = { id: HISTORY_SEQUENCE_ID, tenantId, seq: last + entries.length };
  const sequenceOp = sequence ? replaceOp({ ...next, _etag: sequence._etag }) : createOp(next);
  // Each operation names the partition too: Cosmos takes the batch's, and a server that reads only its own finds it.
  const operations = [sequenceOp, ...ops, ...docs.map(createOp)].map((op) => ({ ...op, partitionKey: tenantId }));
  const results = await runBatch(events, tenantId, operations);
  const failed = results.findIndex((result) => result.statusCode >= 400 && result.statusCode !== 424);
  if (failed === -1) {
    const etag = results[0]?.eTag;
    if (etag) state.known.set(tenantId, { ...next, _etag: etag });
    else state.known.delete(tenantId);
    return { ok: true, results: results.slice(1, 1 + ops.length), entries: docs.map(fromEntryDoc) };
  }
  if (failed > 0 && failed <= ops.length) return { ok: false, failed: failed - 1, status: results[failed]!.statusCode };
  // The sequence moved on (another instance wrote), or an entry's number was taken: read it afresh.
  state.known.delete(tenantId);
  return null;
}

/**
 * Writes the operations and their entries all together or not at all, in one transactional batch in the tenant's
 * partition, numbering the entries from the tenant's history sequence, which the batch moves on with If-Match: so
 * entries' numbers are dense and in the order their batches landed. A batch that lost the sequence to another write of
 * the tenant takes new numbers and goes again. Answers the operations' results and the entries written, or which
 * operation failed with what status (nothing was written then).
 */
export async function commitWithEntries(events: Container, tenantId: string, ops: OperationInput[], entries: NewChangeEntry[]): Promise<CommitOutcome> {
  if (1 + ops.length + entries.length > TRANSACTIONAL_BATCH_MAX) throw new Error('A transactional batch holds at most 100 operations');
  const state = stateOf(events);
  return inTurn(state, tenantId, async () => {
    for (let attempt = 0; attempt < SEQUENCE_ATTEMPTS; attempt++) {
      let outcome: CommitOutcome | null;
      try {
        outcome = await tryCommit(events, state, tenantId, ops, entries);
      } catch (error) {
        // The batch may have landed unanswered and moved the sequence on: the next reads it afresh.
        state.known.delete(tenantId);
        throw error;
      }
      if (outcome) return outcome;
      await pause(attempt);
    }
    throw new StoreUnavailableError(DEFAULT_RETRY_AFTER_SECONDS);
  });
}

/** Records entries of changes already written elsewhere (calendars and categories live in other containers). */
export async function recordEntries(events: Container, tenantId: string, entries: NewChangeEntry[]): Promise<void> {
  const outcome = await commitWithEntries(events, tenantId, [], entries);
  if (!outcome.ok) throw new Error(`Recording history failed with ${outcome.status}`);
}

/** How far back recoverEntries looks for calendar-level changes whose entry may be missing. */
export const ENTRY_RECOVERY_SECONDS = 86_400;
/** How old such a change must be before it counts as its writer's to finish no more: a live write takes well under this. */
export const ENTRY_RECOVERY_GRACE_SECONDS = 60;

/** Records the entry unless the tenant's history holds it already; whether it recorded it. */
export async function recordOnce(events: Container, tenantId: string, entry: NewChangeEntry): Promise<boolean> {
  const [count] = await queryAll<number>(events, entryRecordedQuery(tenantId, entry));
  if (count) return false;
  await recordEntries(events, tenantId, [entry]);
  return true;
}

/**
 * Records the entries of calendar-level changes (calendars, categories: other containers than the entries') whose
 * process died before recording them: each such document carries its last change's entry (lastEntry), and one changed
 * between ENTRY_RECOVERY_SECONDS and ENTRY_RECOVERY_GRACE_SECONDS ago whose entry the history lacks has it recorded
 * now. Part of purgeExpired, so every instance runs it at start-up and hourly. How many it recorded.
 */
export async function recoverEntries(events: Container, containers: readonly Container[], now: number): Promise<number> {
  const seconds = Math.floor(now / 1000);
  const spec = lastEntriesQuery(seconds - ENTRY_RECOVERY_SECONDS, seconds - ENTRY_RECOVERY_GRACE_SECONDS);
  let recovered = 0;
  for (const container of containers) {
    const { resources } = await withRetries(() => container.items.query<{ tenantId: string; lastEntry: NewChangeEntry }>(spec).fetchAll(), { idempotent: true });
    for (const { tenantId, lastEntry } of resources) if (await recordOnce(events, tenantId, lastEntry)) recovered++;
  }
  return recovered;
}

/** Deletes entry documents, gone already counting as done; how many it deleted. */
export async function deleteEntries(events: Container, docs: readonly { id: string; tenantId: string }[]): Promise<number> {
  let deleted = 0;
  for (const { id, tenantId } of docs) {
    try {
      await withRetries(() => events.item(id, tenantId).delete(), { idempotent: false });
      deleted++;
    } catch (error) {
      if (codeOf(error) !== 404) throw error;
    }
  }
  return deleted;
}

const beforeSeq = (before: string | null): number | undefined => (before !== null && /^\d+$/.test(before) ? Number(before) : undefined);

export class CosmosHistoryRepository implements HistoryRepository {
  private readonly events: Container;
  private readonly feed: ChangeFeedReader;

  constructor(events: Container) {
    this.events = events;
    this.feed = new ChangeFeedReader(events);
  }

  async forEvent({ tenantId, eventId, before, limit }: InTenant & { eventId: string } & HistoryPageQuery): Promise<ChangeEntry[]> {
    return (await queryAll<EntryDoc>(this.events, eventHistoryQuery(tenantId, eventId, beforeSeq(before)), limit)).map(fromEntryDoc);
  }

  async forCalendar(params: CalendarKey & HistoryPageQuery & { byUserId?: string; fromMs?: number; toMs?: number }): Promise<ChangeEntry[]> {
    const { before, limit, ...filters } = params;
    return (await queryAll<EntryDoc>(this.events, activityQuery({ ...filters, beforeSeq: beforeSeq(before) }), limit)).map(fromEntryDoc);
  }

  /**
   * Entries after the cursor, oldest first. Numbers are dense (each batch moves the sequence on by exactly its
   * entries), so a first entry that is not the cursor's next, or none while the sequence is past the cursor, means
   * entries were purged since (or the cursor was never given out): null, the client refetches.
   */
  async since({ tenantId, after, limit }: InTenant & { after: string; limit: number }): Promise<ChangeEntry[] | null> {
    if (!/^\d{1,16}$/.test(after)) return null;
    const cursor = Number(after);
    const sequence = await readDoc<SequenceDoc>(this.events.item(HISTORY_SEQUENCE_ID, tenantId));
    if (!sequence || cursor > sequence.seq) return null;
    const docs = await queryAll<EntryDoc>(this.events, sinceQuery(tenantId, cursor), limit);
    if (cursor === sequence.seq && docs.length === 0) return [];
    return docs[0]?.seq === cursor + 1 ? docs.map(fromEntryDoc) : null;
  }

  subscribe(listener: (tenantId: string, entry: ChangeEntry) => void): () => void {
    return this.feed.subscribe(listener);
  }

  close(): Promise<void> {
    return this.feed.close();
  }
}
