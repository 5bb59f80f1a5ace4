// An import's writes on Cosmos, all or nothing. The events and their history entries go in transactional batches of
// BATCH_EVENTS_MAX events each (a batch holds 100 operations: the tenant's history sequence, and an event and its entry
// each), one after another, so that their entries' numbers follow the order they land in. Updates are checked before
// anything is written; a batch that fails after others landed (an update whose event changed in between) has them
// undone, newest first: created events and every entry deleted, replaced events written back as they were, with If-Match
// on what the import wrote, so that a newer change made meanwhile is kept.
import { randomUUID } from 'node:crypto';
import type { Container, OperationInput } from '@azure/cosmos';
import type { CalendarEvent } from '../../../shared/event-schema.ts';
import { eventTimeMs } from '../../../shared/time.ts';
import { eventEntry, eventFieldChanges, type NewChangeEntry } from '../change-entries.ts';
import { eventRecord, IdempotencyConflictError, NotFoundError, PreconditionFailedError, versionMatches, type BatchUpdate, type EventBatch } from '../repository.ts';
import { bumpChanges, countedWrite } from './change-versions.ts';
import { deleteIgnoringMissing, queryAll, readDoc, replaceIfUnchanged } from './cosmos-documents.ts';
import { asCurrentDoc, fromEventDoc, toEventDoc, type EventDoc } from './cosmos-event-docs.ts';
import { commitWithEntries, createOp, deleteEntries, replaceOp, TRANSACTIONAL_BATCH_MAX } from './cosmos-history.ts';
import { completionOp, lostClaim } from './cosmos-idempotency.ts';
import { importUidsQuery } from './cosmos-queries.ts';

/** UIDs per query: the parameter array stays far below Cosmos's query size limit whatever their length. */
export const IMPORT_UIDS_PER_QUERY = 200;
/** Events per transactional batch: each with its entry, and the history sequence, within the batch's 100 operations. */
export const BATCH_EVENTS_MAX = Math.floor((TRANSACTIONAL_BATCH_MAX - 1) / 2);
/**
 * The most bytes of documents one transactional batch carries: Cosmos refuses a batch over 2 MB, and 49 events with
 * long descriptions, each updated with an entry holding the old and new description, come near it.
 */
export const BATCH_BYTES_MAX = 1_500_000;
/** Update targets read at once, before anything is written. */
export const BATCH_READ_CONCURRENCY = 8;

/** What the batch needs of the calendars: whether one is there, and raising its longest-event bound first. */
export interface BatchCalendars {
  isVisible(tenantId: string, calendarId: string): Promise<boolean>;
  recordDuration(tenantId: string, calendarId: string, allDay: boolean, duration: number): Promise<void>;
}

/** One event's write in the import: the document to write, what it replaces (null for a create), and its entry. */
interface Unit {
  doc: EventDoc;
  before: EventDoc | null;
  entry: NewChangeEntry;
}

/** A unit that landed: the _etag it was written at, and its entry's document id. */
interface Landed {
  unit: Unit;
  etag: string | undefined;
  entryId: string;
}

function checked(doc: EventDoc | null, update: BatchUpdate, calendarId: string): EventDoc {
  if (!doc || doc.calendarId !== calendarId) throw new NotFoundError();
  if (!versionMatches(update.expected, doc.version)) throw new PreconditionFailedError();
  return doc;
}

/** Each update's event as stored, checked against the batch's calendar and expected version. */
async function readTargets(events: Container, { tenantId, calendarId, updates }: EventBatch): Promise<EventDoc[]> {
  const found: EventDoc[] = [];
  for (let from = 0; from < updates.length; from += BATCH_READ_CONCURRENCY) {
    const group = updates.slice(from, from + BATCH_READ_CONCURRENCY);
    const docs = await Promise.all(group.map((update) => readDoc<EventDoc>(events.item(update.eventId, tenantId))));
    found.push(...docs.map((doc, i) => checked(doc, group[i]!, calendarId)));
  }
  return found;
}

/** The import's writes, creates first, each with its entry. */
function unitsOf(batch: EventBatch, targets: EventDoc[], now: string): Unit[] {
  const { tenantId, calendarId, actor } = batch;
  const creates = batch.creates.map((draft): Unit => {
    const authorship = { createdBy: actor, updatedBy: actor, createdAt: now, updatedAt: now };
    const doc = toEventDoc(tenantId, eventRecord({ id: randomUUID(), calendarId, draft, authorship, version: 1 }));
    return { doc, before: null, entry: eventEntry(doc, { kind: 'created', by: actor, at: now, version: 1 }) };
  });
  const updates = batch.updates.map((update, i): Unit => {
    const before = targets[i]!;
    const authorship = { createdBy: before.createdBy, createdAt: before.createdAt, updatedBy: actor, updatedAt: now };
    const record = eventRecord({ id: update.eventId, calendarId, draft: update.draft, authorship, version: before.version + 1 });
    const doc = { ...toEventDoc(tenantId, record), _etag: before._etag };
    const changes = eventFieldChanges(asCurrentDoc(before), update.draft);
    return { doc, before, entry: eventEntry(doc, { kind: 'updated', by: actor, at: now, version: doc.version, changes }) };
  });
  return [...creates, ...updates];
}

/** The items in order, in groups of at most maxCount and (but for an item bigger on its own) maxBytes. */
export function batchGroups<T>(items: readonly T[], bytesOf: (item: T) => number, maxCount = BATCH_EVENTS_MAX, maxBytes = BATCH_BYTES_MAX): T[][] {
  const groups: T[][] = [];
  let bytes = 0;
  for (const item of items) {
    const size = bytesOf(item);
    const last = groups.at(-1);
    if (last && last.length < maxCount && bytes + size <= maxBytes) {
      last.push(item);
      bytes += size;
    } else {
      groups.push([item]);
      bytes = size;
    }
  }
  return groups;
}

const unitBytes = (unit: Unit) => Buffer.byteLength(JSON.stringify(unit.doc)) + Buffer.byteLength(JSON.stringify(unit.entry));

/**
 * Writes the units a group at a time, each group with its entries in one transactional batch, recording what landed. A
 * keyed import's completion goes in the last batch: the import is answered with the batch that ends it.
 */
async function writeUnits(events: Container, tenantId: string, units: Unit[], landed: Landed[], completion: OperationInput | null): Promise<void> {
  const groups = batchGroups(units, unitBytes);
  for (const [index, group] of groups.entries()) {
    const ops = group.map((unit) => (unit.before ? replaceOp(unit.doc) : createOp(unit.doc)));
    if (completion && index === groups.length - 1) ops.push(completion);
    const outcome = await commitWithEntries(events, tenantId, ops, group.map((unit) => unit.entry));
    if (!outcome.ok && lostClaim(group.length, outcome.failed, outcome.status)) throw new IdempotencyConflictError();
    if (!outcome.ok) {
      // Changed or deleted since it was read: the batch's view is stale.
      if (outcome.status === 412 || outcome.status === 404) throw new PreconditionFailedError();
      throw new Error(`Writing the import failed with ${outcome.status}`);
    }
    group.forEach((unit, i) => landed.push({ unit, etag: outcome.results[i]?.eTag, entryId: outcome.entries[i]!.id }));
  }
}

/** Takes back what the batch wrote, newest first; a document someone changed since is theirs now and stays. */
async function undo(events: Container, tenantId: string, landed: readonly Landed[]): Promise<void> {
  for (const { unit, etag } of [...landed].reverse()) {
    if (!unit.before) await deleteIgnoringMissing(events.item(unit.doc.id, tenantId));
    // The content as before, at a version after the batch's, so that an ETag handed out meanwhile is not reused.
    else await replaceIfUnchanged(events, { ...unit.before, version: unit.doc.version + 1, _etag: etag } as EventDoc);
  }
  await deleteEntries(events, landed.map(({ entryId }) => ({ id: entryId, tenantId })));
}

/**
 * The calendar's longest-event bounds raised to the batch's longest of each kind, once each (not once per event: each
 * raise reads the calendar). Bounds only rise and may overstate: raised before anything is written, never lowered by an undo.
 */
async function raiseLongest(calendars: BatchCalendars, { tenantId, calendarId, creates, updates }: EventBatch): Promise<void> {
  const longest = { timed: 0, allDay: 0 };
  for (const draft of [...creates, ...updates.map((update) => update.draft)]) {
    const duration = eventTimeMs(draft.end) - eventTimeMs(draft.start);
    if (draft.allDay) longest.allDay = Math.max(longest.allDay, duration);
    else longest.timed = Math.max(longest.timed, duration);
  }
  if (longest.timed > 0) await calendars.recordDuration(tenantId, calendarId, false, longest.timed);
  if (longest.allDay > 0) await calendars.recordDuration(tenantId, calendarId, true, longest.allDay);
}

export async function writeEventBatch(events: Container, calendars: BatchCalendars, batch: EventBatch): Promise<CalendarEvent[]> {
  const { tenantId, calendarId } = batch;
  if (!(await calendars.isVisible(tenantId, calendarId))) throw new NotFoundError();
  const targets = await readTargets(events, batch);
  const units = unitsOf(batch, targets, new Date().toISOString());
  const written = units.map((unit) => fromEventDoc(unit.doc));
  const completion = batch.idempotency ? completionOp(batch.idempotency, written) : null;
  await raiseLongest(calendars, batch);
  const landed: Landed[] = [];
  return countedWrite(events, tenantId, async () => {
    try {
      await writeUnits(events, tenantId, units, landed, completion);
      return written;
    } catch (error) {
      await undo(events, tenantId, landed);
      // Undone, but readers may have seen what landed: counted as a change all the same.
      if (landed.length > 0) await bumpChanges(events, tenantId);
      throw error;
    }
  });
}

/** The calendar's events imported with these UIDs, a query per IMPORT_UIDS_PER_QUERY of them. */
export async function findByImportUids(events: Container, tenantId: string, calendarId: string, uids: readonly string[]): Promise<CalendarEvent[]> {
  const found: EventDoc[] = [];
  for (let i = 0; i < uids.length; i += IMPORT_UIDS_PER_QUERY) {
    found.push(...(await queryAll<EventDoc>(events, importUidsQuery(tenantId, calendarId, uids.slice(i, i + IMPORT_UIDS_PER_QUERY)))));
  }
  return found.map(fromEventDoc);
}
