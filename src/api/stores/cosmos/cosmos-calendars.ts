import { randomUUID } from 'node:crypto';
import type { Container, OperationInput } from '@azure/cosmos';
import type { UserRef } from '../../../shared/event-schema.ts';
import { calendarEntry, calendarFieldChanges, type NewChangeEntry } from '../change-entries.ts';
import {
  IdempotencyConflictError,
  NotFoundError,
  PreconditionFailedError,
  type Acting,
  type CalendarCreate,
  type CalendarKey,
  type CalendarRepository,
  type CalendarUpdate,
  type Conditional,
  type ExpectedVersion,
  type IdempotentCompletion,
  type InTenant,
  type Keyed,
  type StoredCalendar,
  type TrashedCalendarRecord,
} from '../repository.ts';
import { bumpChanges, countedWrite, isChangesDoc } from './change-versions.ts';
import { CONFLICT_ATTEMPTS, writeExpectedVersion } from './conditional-write.ts';
import { deleteCalendarCategories } from './cosmos-categories.ts';
import { deleteIgnoringMissing, queryAll, readDoc, replaceIfUnchanged } from './cosmos-documents.ts';
import { createOp, deleteEntries, recordEntries, replaceOp, runBatch } from './cosmos-history.ts';
import { completionOp, lostClaim } from './cosmos-idempotency.ts';
import { calendarEntryIdsQuery, calendarEventCountQuery, calendarEventIdsQuery, calendarsQuery, calendarTrashQuery, PENDING_DELETES_QUERY } from './cosmos-queries.ts';
import { withRetries } from './cosmos-retry.ts';
import { trashIdOf } from './cosmos-trash.ts';

interface CalendarDoc extends StoredCalendar {
  /** The longest event of each kind the calendar has held, in ms: the window query's lower bound. Only rises. */
  longestTimedMs: number;
  longestAllDayMs: number;
  /** In the tenant's calendar trash since then, by them: invisible to every read but listTrash. */
  trashedAt?: string;
  trashedAtMs?: number;
  trashedBy?: UserRef;
  /** Set when its purge begins: from then on it is in no list, the trash's either, until its documents are gone. */
  deleting?: true;
  /** The entry of its last change, written with it: a start-up records it if the process died before it could. */
  lastEntry?: NewChangeEntry;
  _etag?: string;
}

function toCalendar({ id, tenantId, name, color, description, editors, createdAt, updatedAt, version }: CalendarDoc): StoredCalendar {
  return { id, tenantId, name, color, description, editors, createdAt, updatedAt, version };
}

/** The calendar without its trash fields: as it is once restored. */
function untrashed(doc: CalendarDoc): CalendarDoc {
  const { trashedAt: _at, trashedAtMs: _ms, trashedBy: _by, ...rest } = doc;
  return rest;
}

const byName = (a: StoredCalendar, b: StoredCalendar) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a.id < b.id ? -1 : 1);

/**
 * Calendars, one document each in their own container. Their history entries live in the events container (where the
 * change feed is read), so a calendar's change and its entry are two writes, the entry right after the change.
 */
export class CosmosCalendarRepository implements CalendarRepository {
  private readonly calendars: Container;
  private readonly events: Container;
  private readonly categories: Container;

  constructor(calendars: Container, events: Container, categories: Container) {
    this.calendars = calendars;
    this.events = events;
    this.categories = categories;
  }

  /** The calendar's document, unless it is missing, in the trash or being purged. */
  async visibleDoc(tenantId: string, calendarId: string): Promise<CalendarDoc | null> {
    const doc = await this.anyDoc(tenantId, calendarId);
    return doc && !doc.deleting && !doc.trashedAt ? doc : null;
  }

  /** Whether the calendar is in the tenant's calendar trash (or being purged from it): what an event's restore must refuse. */
  async isTrashed(tenantId: string, calendarId: string): Promise<boolean> {
    const doc = await this.anyDoc(tenantId, calendarId);
    return Boolean(doc && (doc.trashedAt || doc.deleting));
  }

  async list({ tenantId }: InTenant): Promise<StoredCalendar[]> {
    return (await queryAll<CalendarDoc>(this.calendars, calendarsQuery(tenantId))).map(toCalendar).sort(byName);
  }

  async get({ tenantId, calendarId }: CalendarKey): Promise<StoredCalendar | null> {
    const doc = await this.visibleDoc(tenantId, calendarId);
    return doc ? toCalendar(doc) : null;
  }

  async create({ tenantId, input, actor, idempotency }: CalendarCreate): Promise<StoredCalendar> {
    const now = new Date().toISOString();
    const doc: CalendarDoc = { id: randomUUID(), tenantId, ...input, createdAt: now, updatedAt: now, version: 1, longestTimedMs: 0, longestAllDayMs: 0 };
    doc.lastEntry = calendarEntry(doc, { kind: 'created', by: actor, at: now, version: 1 });
    return countedWrite(this.calendars, tenantId, async () => {
      if (idempotency) await this.writeKeyed([createOp(doc)], idempotency, toCalendar(doc));
      else await withRetries(() => this.calendars.items.create(doc), { idempotent: false });
      return toCalendar(await this.recorded(doc));
    });
  }

  async update({ tenantId, calendarId, patch, expected, actor }: CalendarUpdate): Promise<StoredCalendar> {
    return countedWrite(this.calendars, tenantId, async () => {
      const updated = await this.changeCalendar(expected, () => this.visibleDoc(tenantId, calendarId), (doc) => {
        const next: CalendarDoc = {
          ...doc,
          name: patch.name ?? doc.name,
          color: patch.color ?? doc.color,
          description: patch.description ?? doc.description,
          editors: patch.editors ?? doc.editors,
          updatedAt: new Date().toISOString(),
          version: doc.version + 1,
        };
        const changes = calendarFieldChanges(toCalendar(doc), toCalendar(next));
        return { ...next, lastEntry: calendarEntry(next, { kind: 'updated', by: actor, at: next.updatedAt, version: next.version, changes }) };
      });
      return toCalendar(await this.recorded(updated));
    });
  }

  /**
   * To the tenant's calendar trash: one conditional replace of the calendar's document (its version one on, and when
   * and by whom). Its events, categories and history stay as they are: every read of them asks whether their calendar
   * is visible, so they leave every list with it, and come back with it.
   */
  async delete({ tenantId, calendarId, expected, actor }: CalendarKey & Conditional & Acting): Promise<void> {
    const now = new Date();
    await countedWrite(this.calendars, tenantId, async () => {
      const trashed = await this.changeCalendar(expected, () => this.visibleDoc(tenantId, calendarId), (doc) => ({
        ...doc,
        version: doc.version + 1,
        trashedAt: now.toISOString(),
        trashedAtMs: now.getTime(),
        trashedBy: { id: actor.id, name: actor.name },
        lastEntry: calendarEntry(doc, { kind: 'deleted', by: actor, at: now.toISOString(), version: doc.version + 1 }),
      }));
      await this.recorded(trashed);
    });
  }

  async listTrash({ tenantId }: InTenant): Promise<TrashedCalendarRecord[]> {
    const docs = await queryAll<CalendarDoc>(this.calendars, calendarTrashQuery(tenantId));
    return Promise.all(
      docs.map(async (doc) => {
        const [eventCount] = await queryAll<number>(this.events, calendarEventCountQuery(tenantId, doc.id));
        return { calendar: toCalendar(doc), eventCount: eventCount ?? 0, deletedAt: doc.trashedAt!, deletedBy: doc.trashedBy! };
      }),
    );
  }

  async restore({ tenantId, calendarId, expected, actor, idempotency }: CalendarKey & Conditional & Acting & Keyed<StoredCalendar>): Promise<StoredCalendar> {
    const now = new Date().toISOString();
    return countedWrite(this.calendars, tenantId, async () => {
      const restored = await this.changeCalendar(expected, () => this.trashedDoc(tenantId, calendarId), (doc) => ({
        ...untrashed(doc),
        updatedAt: now,
        version: doc.version + 1,
        lastEntry: calendarEntry(doc, { kind: 'restored', by: actor, at: now, version: doc.version + 1 }),
      }), idempotency);
      return toCalendar(await this.recorded(restored));
    });
  }

  /**
   * Deletes a trashed calendar for good. It spans many documents and Cosmos has no transaction across them, so it goes
   * in steps that are safe to stop anywhere: mark it `deleting` (with If-Match), then delete its events (trashed ones
   * too), its history entries, its categories, and last its document. A process that dies half-way leaves the mark,
   * which the next start-up (finishPendingDeletes) finishes.
   */
  async purge({ tenantId, calendarId }: CalendarKey): Promise<void> {
    await this.changeCalendar(null, () => this.trashedDoc(tenantId, calendarId), (doc) => ({ ...doc, deleting: true }));
    await this.finishDelete(tenantId, calendarId);
  }

  async finishDelete(tenantId: string, calendarId: string): Promise<void> {
    const events = await queryAll<{ id: string }>(this.events, calendarEventIdsQuery(tenantId, calendarId, trashIdOf(calendarId)));
    for (const { id } of events) await deleteIgnoringMissing(this.events.item(id, tenantId));
    const entries = await queryAll<{ id: string }>(this.events, calendarEntryIdsQuery(tenantId, calendarId));
    await deleteEntries(this.events, entries.map(({ id }) => ({ id, tenantId })));
    await deleteCalendarCategories(this.categories, tenantId, calendarId);
    await deleteIgnoringMissing(this.calendars.item(calendarId, tenantId));
  }

  async finishPendingDeletes(): Promise<number> {
    const pending = await withRetries(() => this.calendars.items.query<{ id: string; tenantId: string }>(PENDING_DELETES_QUERY).fetchAll(), {
      idempotent: true,
    });
    for (const { id, tenantId } of pending.resources) await this.finishDelete(tenantId, id);
    return pending.resources.length;
  }

  /** Raises the calendar's longest-event bound if this event is longer: before the event is written, never after. */
  async recordDuration(tenantId: string, calendarId: string, allDay: boolean, duration: number): Promise<void> {
    const field = allDay ? 'longestAllDayMs' : 'longestTimedMs';
    for (let attempt = 0; attempt < CONFLICT_ATTEMPTS; attempt++) {
      const doc = await this.visibleDoc(tenantId, calendarId);
      if (!doc) throw new NotFoundError();
      if ((doc[field] ?? 0) >= duration) return;
      if (await replaceIfUnchanged(this.calendars, { ...doc, [field]: duration })) {
        // A reader must not see the event (counted in the events container) with the calendar's old bound.
        await bumpChanges(this.calendars, tenantId);
        return;
      }
    }
    throw new PreconditionFailedError();
  }

  private async anyDoc(tenantId: string, calendarId: string): Promise<CalendarDoc | null> {
    const doc = await readDoc<CalendarDoc>(this.calendars.item(calendarId, tenantId));
    return doc && doc.tenantId === tenantId && !isChangesDoc(doc) && !('docType' in doc) ? doc : null;
  }

  private async trashedDoc(tenantId: string, calendarId: string): Promise<CalendarDoc | null> {
    const doc = await this.anyDoc(tenantId, calendarId);
    return doc?.trashedAt && !doc.deleting ? doc : null;
  }

  /** The document after a conditional change of it (see writeExpectedVersion), with a key's completion when keyed. */
  private async changeCalendar(
    expected: ExpectedVersion,
    read: () => Promise<CalendarDoc | null>,
    change: (doc: CalendarDoc) => CalendarDoc,
    idempotency?: IdempotentCompletion<StoredCalendar>,
  ): Promise<CalendarDoc> {
    return writeExpectedVersion(expected, read, async (doc) => {
      const next = change(doc);
      if (idempotency) return (await this.writeKeyed([replaceOp(next)], idempotency, toCalendar(next))) ? next : undefined;
      return (await replaceIfUnchanged(this.calendars, next)) ? next : undefined;
    });
  }

  /**
   * The calendar's write and its key's completion in one transactional batch of its container: true when both landed,
   * false when the calendar changed or went since it was read. Throws IdempotencyConflictError when the claim did.
   */
  private async writeKeyed(ops: OperationInput[], completion: IdempotentCompletion<StoredCalendar>, written: StoredCalendar): Promise<boolean> {
    const { tenantId } = completion.lease;
    const results = await runBatch(this.calendars, tenantId, [...ops.map((op) => ({ ...op, partitionKey: tenantId })), completionOp(completion, written)]);
    const failed = results.findIndex((result) => result.statusCode >= 400 && result.statusCode !== 424);
    if (failed === -1) return true;
    const status = results[failed]!.statusCode;
    if (lostClaim(ops.length, failed, status)) throw new IdempotencyConflictError();
    if (status === 412 || status === 404) return false;
    throw new Error(`Writing the calendar failed with ${status}`);
  }

  /**
   * Records the entry a change wrote on the calendar (lastEntry), right after it: a transactional batch cannot span the
   * calendars and events containers. A process that dies in between leaves it there for recoverEntries. The write's
   * bump follows (countedWrite).
   */
  private async recorded(doc: CalendarDoc): Promise<CalendarDoc> {
    await recordEntries(this.events, doc.tenantId, [doc.lastEntry!]);
    return doc;
  }
}
