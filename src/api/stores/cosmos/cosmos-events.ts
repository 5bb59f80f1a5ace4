import { randomUUID } from 'node:crypto';
import type { Container, OperationInput } from '@azure/cosmos';
import type { CalendarEvent } from '../../../shared/event-schema.ts';
import { eventEntry, eventFieldChanges, type NewChangeEntry } from '../change-entries.ts';
import {
  CalendarTrashedError,
  compareRecords,
  IdempotencyConflictError,
  eventRecord,
  NotFoundError,
  seriesWindowBounds,
  type Acting,
  type CalendarKey,
  type Conditional,
  type EventBatch,
  type EventCreate,
  type EventKey,
  type EventRepository,
  type EventTrash,
  type EventUpdate,
  type InTenant,
  type Keyed,
  type LimitedWindowQuery,
  type TrashedEventRecord,
  type WindowQuery,
} from '../repository.ts';
import { countedWrite } from './change-versions.ts';
import { writeExpectedVersion } from './conditional-write.ts';
import type { CosmosCalendarRepository } from './cosmos-calendars.ts';
import { deleteIgnoringMissing, queryAll, readDoc } from './cosmos-documents.ts';
import { findByImportUids, writeEventBatch } from './cosmos-event-batch.ts';
import { asCurrentDoc, fromEventDoc, isEventDoc, toEventDoc, type EventDoc } from './cosmos-event-docs.ts';
import { commitWithEntries, createOp, replaceOp } from './cosmos-history.ts';
import { completionOp, lostClaim } from './cosmos-idempotency.ts';
import { eventTrashQuery, seriesWindowQuery, windowQuery } from './cosmos-queries.ts';
import { fromTrashed, toTrashed, trashedRecord, trashIdOf } from './cosmos-trash.ts';

/** Whether the calendar has this category (not being deleted): a restored event keeps its category only then. */
export type CategoryExists = (tenantId: string, calendarId: string, categoryId: string) => Promise<boolean>;

/**
 * Events, one document each in the events container, in their tenant's partition. Every write is one transactional
 * batch holding the event's write (a replace with If-Match on the _etag read) and its history entry.
 */
export class CosmosEventRepository implements EventRepository {
  private readonly events: Container;
  private readonly calendars: CosmosCalendarRepository;
  private readonly categoryExists: CategoryExists;

  constructor(events: Container, calendars: CosmosCalendarRepository, categoryExists: CategoryExists) {
    this.events = events;
    this.calendars = calendars;
    this.categoryExists = categoryExists;
  }

  async listInWindow({ tenantId, calendarIds, window, limit }: LimitedWindowQuery): Promise<CalendarEvent[]> {
    // The calendars are asked at once, for speed, so each query stops at limit + 1 on its own: one over is enough.
    const max = limit + 1;
    const perCalendar = await Promise.all(
      calendarIds.map(async (calendarId) => {
        const calendar = await this.calendars.visibleDoc(tenantId, calendarId);
        if (!calendar) return [];
        const [timed, allDay] = await Promise.all([
          queryAll<EventDoc>(this.events, windowQuery(tenantId, calendarId, false, window.fromMs - calendar.longestTimedMs, window.fromMs, window.toMs), max),
          queryAll<EventDoc>(this.events, windowQuery(tenantId, calendarId, true, window.fromDayMs - calendar.longestAllDayMs, window.fromDayMs, window.toDayMs), max),
        ]);
        return [...timed, ...allDay];
      }),
    );
    return perCalendar.flat().sort(compareRecords).slice(0, max).map(fromEventDoc);
  }

  async listSeriesInWindow({ tenantId, calendarIds, window }: WindowQuery): Promise<CalendarEvent[]> {
    const { from, to } = seriesWindowBounds(window);
    const perCalendar = await Promise.all(
      calendarIds.map(async (calendarId) => {
        if (!(await this.calendars.visibleDoc(tenantId, calendarId))) return [];
        return queryAll<EventDoc>(this.events, seriesWindowQuery(tenantId, calendarId, from, to));
      }),
    );
    return perCalendar.flat().map(fromEventDoc);
  }

  async get({ tenantId, calendarId, eventId }: EventKey): Promise<CalendarEvent | null> {
    const doc = await this.current(tenantId, calendarId, eventId);
    // An event of a calendar in the trash is in the trash too, as far as anyone can see.
    return doc && (await this.calendars.visibleDoc(tenantId, calendarId)) ? fromEventDoc(doc) : null;
  }

  async findById({ tenantId, eventId }: InTenant & { eventId: string }): Promise<CalendarEvent | null> {
    const doc = await readDoc<EventDoc>(this.events.item(eventId, tenantId));
    if (!doc || doc.tenantId !== tenantId || !isEventDoc(doc) || doc.trashedFrom !== undefined) return null;
    return (await this.calendars.visibleDoc(tenantId, doc.calendarId)) ? fromEventDoc(doc) : null;
  }

  async create({ tenantId, calendarId, draft, actor, context, idempotency }: EventCreate): Promise<CalendarEvent> {
    const now = new Date().toISOString();
    const authorship = { createdBy: actor, updatedBy: actor, createdAt: now, updatedAt: now };
    const doc = toEventDoc(tenantId, eventRecord({ id: randomUUID(), calendarId, draft, authorship, version: 1 }));
    await this.calendars.recordDuration(tenantId, calendarId, doc.allDay, doc.endMs - doc.startMs);
    const entry = eventEntry(doc, { kind: 'created', by: actor, at: now, version: 1, context });
    const created = fromEventDoc(doc);
    const completion = idempotency ? [completionOp(idempotency, created)] : [];
    return countedWrite(this.events, tenantId, async () => {
      const outcome = await commitWithEntries(this.events, tenantId, [createOp(doc), ...completion], [entry]);
      if (!outcome.ok && lostClaim(1, outcome.failed, outcome.status)) throw new IdempotencyConflictError();
      if (!outcome.ok) throw new Error(`Creating the event failed with ${outcome.status}`);
      return created;
    });
  }

  async update({ tenantId, calendarId, eventId, draft, actor, expected, toCalendarId, context }: EventUpdate): Promise<CalendarEvent> {
    return countedWrite(this.events, tenantId, () => writeExpectedVersion(expected, () => this.current(tenantId, calendarId, eventId), async (current) => {
      const target = toCalendarId ?? calendarId;
      const authorship = { createdBy: current.createdBy, createdAt: current.createdAt, updatedBy: actor, updatedAt: new Date().toISOString() };
      const record = eventRecord({ id: eventId, calendarId: target, draft, authorship, version: current.version + 1 });
      const next = { ...toEventDoc(tenantId, record), _etag: current._etag };
      // Same partition (the tenant), so even a move to another calendar is one conditional replace.
      await this.calendars.recordDuration(tenantId, target, next.allDay, next.endMs - next.startMs);
      const moved = target !== calendarId;
      const changes = eventFieldChanges(asCurrentDoc(current), draft);
      const entry = eventEntry(next, { kind: moved ? 'moved' : 'updated', by: actor, at: authorship.updatedAt, version: next.version, changes, context }, moved ? calendarId : null);
      return (await this.commitReplace(tenantId, next, entry)) ? fromEventDoc(next) : undefined;
    }));
  }

  /** To the calendar's trash: one conditional replace with its entry. A delete that finds the event gone after reading it lost a race. */
  async delete({ tenantId, calendarId, eventId, expected, actor, context }: EventTrash): Promise<void> {
    await countedWrite(this.events, tenantId, () => writeExpectedVersion(expected, () => this.current(tenantId, calendarId, eventId), async (current) => {
      const trashed = toTrashed(current, actor, new Date());
      const entry = eventEntry(current, { kind: 'deleted', by: actor, at: trashed.deletedAt!, version: trashed.version, context });
      return (await this.commitReplace(tenantId, trashed, entry)) ? true : undefined;
    }));
  }

  async listTrash({ tenantId, calendarId, limit }: CalendarKey & { limit: number }): Promise<TrashedEventRecord[]> {
    return (await queryAll<EventDoc>(this.events, eventTrashQuery(tenantId, trashIdOf(calendarId)), limit)).map(trashedRecord);
  }

  async restore({ tenantId, calendarId, eventId, expected, actor, idempotency }: EventKey & Conditional & Acting & Keyed<CalendarEvent>): Promise<CalendarEvent> {
    return countedWrite(this.events, tenantId, () => writeExpectedVersion(expected, () => this.trashed(tenantId, calendarId, eventId), async (trashed) => {
      if (!(await this.calendars.visibleDoc(tenantId, calendarId))) throw new CalendarTrashedError();
      const next = await this.withoutWhatWentMeanwhile(fromTrashed(trashed, actor, new Date().toISOString()));
      const entry = eventEntry(next, { kind: 'restored', by: actor, at: next.updatedAt, version: next.version });
      const restored = fromEventDoc(next);
      const completion = idempotency ? [completionOp(idempotency, restored)] : [];
      return (await this.commitReplace(tenantId, next, entry, completion)) ? restored : undefined;
    }));
  }

  async purge({ tenantId, calendarId, eventId }: EventKey): Promise<void> {
    if (!(await this.trashed(tenantId, calendarId, eventId))) throw new NotFoundError();
    // Its history stays until its retention ends.
    await deleteIgnoringMissing(this.events.item(eventId, tenantId));
  }

  async writeBatch(batch: EventBatch): Promise<CalendarEvent[]> {
    const calendars = {
      isVisible: async (tenantId: string, calendarId: string) => Boolean(await this.calendars.visibleDoc(tenantId, calendarId)),
      recordDuration: this.calendars.recordDuration.bind(this.calendars),
    };
    return writeEventBatch(this.events, calendars, batch);
  }

  async findByImportUids({ tenantId, calendarId, uids }: CalendarKey & { uids: readonly string[] }): Promise<CalendarEvent[]> {
    if (!(await this.calendars.visibleDoc(tenantId, calendarId))) return [];
    return findByImportUids(this.events, tenantId, calendarId, uids);
  }

  /**
   * One replace and its entry (and a key's completion), together: true when all landed, false when the document changed
   * or went since it was read (the caller reads it again).
   */
  private async commitReplace(tenantId: string, doc: EventDoc, entry: NewChangeEntry, completion: OperationInput[] = []): Promise<boolean> {
    const outcome = await commitWithEntries(this.events, tenantId, [replaceOp(doc) as OperationInput, ...completion], [entry]);
    if (outcome.ok) return true;
    if (lostClaim(1, outcome.failed, outcome.status)) throw new IdempotencyConflictError();
    if (outcome.status === 412 || outcome.status === 404) return false;
    throw new Error(`Writing the event failed with ${outcome.status}`);
  }

  /**
   * A restored event loses what went while it waited: its category, if deleted meanwhile (the delete cleared the
   * calendar's events but not the trash's), and its import UID, if an import gave it to a new event meanwhile.
   */
  private async withoutWhatWentMeanwhile(doc: EventDoc): Promise<EventDoc> {
    const { tenantId, calendarId } = doc;
    const categoryGone = doc.categoryId && !(await this.categoryExists(tenantId, calendarId, doc.categoryId));
    const uid = doc.importSource?.uid;
    const uidTaken = uid !== undefined && (await findByImportUids(this.events, tenantId, calendarId, [uid])).length > 0;
    return { ...doc, categoryId: categoryGone ? '' : doc.categoryId, importSource: uidTaken ? null : doc.importSource };
  }

  /** The event as the calendar in the path holds it: under another calendar (or its trash) it is not there. */
  private async current(tenantId: string, calendarId: string, eventId: string): Promise<EventDoc | null> {
    const doc = await readDoc<EventDoc>(this.events.item(eventId, tenantId));
    return doc && doc.calendarId === calendarId && doc.tenantId === tenantId ? doc : null;
  }

  /** The event as the calendar's trash holds it. */
  private trashed(tenantId: string, calendarId: string, eventId: string): Promise<EventDoc | null> {
    return this.current(tenantId, trashIdOf(calendarId), eventId);
  }
}
