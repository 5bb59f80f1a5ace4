// An import's writes on Cosmos, all or nothing. Cosmos's transactional batch holds at most 100 operations of one
// partition and cannot make a create depend on another document's version, so the batch is written document by
// document (a few at once), each recorded, and on any failure undone in reverse: created documents deleted, replaced
// ones written back as they were (with If-Match on what the batch wrote, so a newer change made meanwhile is kept).
import { randomUUID } from 'node:crypto';
import type { Container } from '@azure/cosmos';
import type { CalendarEvent } from '../../../shared/event-schema.ts';
import { eventTimeMs } from '../../../shared/time.ts';
import { eventRecord, NotFoundError, PreconditionFailedError, versionMatches, type BatchUpdate, type EventBatch } from '../repository.ts';
import { bumpChanges } from './change-versions.ts';
import { deleteIgnoringMissing, queryAll, readDoc, replaceIfUnchanged } from './cosmos-documents.ts';
import { fromEventDoc, toEventDoc, type EventDoc } from './cosmos-event-docs.ts';
import { importUidsQuery } from './cosmos-queries.ts';
import { withRetries } from './cosmos-retry.ts';

/** UIDs per query: the parameter array stays far below Cosmos's query size limit whatever their length. */
export const IMPORT_UIDS_PER_QUERY = 200;
/** Documents written at once: each is a round trip (2,000 one at a time took 6.7 s on the local protocol server, 4.9 s so). */
export const BATCH_WRITE_CONCURRENCY = 8;

/** Writes every item, BATCH_WRITE_CONCURRENCY at a time; once a group has settled, its first failure is thrown. */
async function inGroups<T>(items: readonly T[], write: (item: T, index: number) => Promise<void>): Promise<void> {
  for (let from = 0; from < items.length; from += BATCH_WRITE_CONCURRENCY) {
    const group = items.slice(from, from + BATCH_WRITE_CONCURRENCY);
    // Settled, not raced: every write that landed is recorded before the undo begins.
    const results = await Promise.allSettled(group.map((item, i) => write(item, from + i)));
    const failed = results.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
  }
}

/** What the batch needs of the calendars: whether one is there, and raising its longest-event bound first. */
export interface BatchCalendars {
  isVisible(tenantId: string, calendarId: string): Promise<boolean>;
  recordDuration(tenantId: string, calendarId: string, allDay: boolean, duration: number): Promise<void>;
}

/** A write the batch made, and how to take it back. */
type Written = { kind: 'created'; doc: EventDoc } | { kind: 'replaced'; before: EventDoc; after: EventDoc };

async function createDoc(events: Container, doc: EventDoc, written: Written[]): Promise<void> {
  const response = await withRetries(() => events.items.create(doc), { idempotent: false });
  written.push({ kind: 'created', doc: { ...doc, _etag: response.etag } });
}

async function replaceDoc(events: Container, batch: EventBatch, update: BatchUpdate, written: Written[]): Promise<EventDoc> {
  const { tenantId, calendarId, actor } = batch;
  const before = await readDoc<EventDoc>(events.item(update.eventId, tenantId));
  if (!before || before.calendarId !== calendarId) throw new NotFoundError();
  if (!versionMatches(update.expected, before.version)) throw new PreconditionFailedError();
  const authorship = { createdBy: before.createdBy, createdAt: before.createdAt, updatedBy: actor, updatedAt: new Date().toISOString() };
  const record = eventRecord({ id: update.eventId, calendarId, draft: update.draft, authorship, version: before.version + 1 });
  const after = { ...toEventDoc(tenantId, record), _etag: before._etag };
  const response = await withRetries(() => events.item(after.id, tenantId).replace(after, { accessCondition: { type: 'IfMatch', condition: before._etag! } }), {
    idempotent: false,
  }).catch((error: unknown) => {
    // Changed or deleted since the read: the batch's view is stale.
    const code = (error as { code?: unknown }).code;
    throw code === 412 || code === 404 ? new PreconditionFailedError() : error;
  });
  written.push({ kind: 'replaced', before, after: { ...after, _etag: response.etag } });
  return after;
}

/** Takes back what the batch wrote, newest first; a document someone changed since is theirs now and stays. */
async function undo(events: Container, written: readonly Written[]): Promise<void> {
  for (const step of [...written].reverse()) {
    if (step.kind === 'created') await deleteIgnoringMissing(events.item(step.doc.id, step.doc.tenantId));
    // The content as before, at a version after the batch's, so that an ETag handed out meanwhile is not reused.
    else {
      const restored: EventDoc = { ...step.before, version: step.after.version + 1, _etag: step.after._etag };
      await replaceIfUnchanged(events, restored);
    }
  }
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
  const { tenantId, calendarId, actor } = batch;
  if (!(await calendars.isVisible(tenantId, calendarId))) throw new NotFoundError();
  const now = new Date().toISOString();
  const authorship = { createdBy: actor, updatedBy: actor, createdAt: now, updatedAt: now };
  const docs = batch.creates.map((draft) => toEventDoc(tenantId, eventRecord({ id: randomUUID(), calendarId, draft, authorship, version: 1 })));
  await raiseLongest(calendars, batch);
  const written: Written[] = [];
  try {
    await inGroups(docs, (doc) => createDoc(events, doc, written));
    const updated: EventDoc[] = [];
    await inGroups(batch.updates, async (update, index) => {
      updated[index] = await replaceDoc(events, batch, update, written);
    });
    return [...docs, ...updated].map(fromEventDoc);
  } catch (error) {
    await undo(events, written);
    throw error;
  } finally {
    // Written or undone, readers may have seen a change.
    if (written.length > 0) await bumpChanges(events, tenantId);
  }
}

/** The calendar's events imported with these UIDs, a query per IMPORT_UIDS_PER_QUERY of them. */
export async function findByImportUids(events: Container, tenantId: string, calendarId: string, uids: readonly string[]): Promise<CalendarEvent[]> {
  const found: EventDoc[] = [];
  for (let i = 0; i < uids.length; i += IMPORT_UIDS_PER_QUERY) {
    found.push(...(await queryAll<EventDoc>(events, importUidsQuery(tenantId, calendarId, uids.slice(i, i + IMPORT_UIDS_PER_QUERY)))));
  }
  return found.map(fromEventDoc);
}
