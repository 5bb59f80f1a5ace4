// Importing an .ics file into a calendar: read it all, check every event as the API checks a client's, compare with
// what earlier imports left (by UID, per calendar), then write every change in one batch through the one write path.
import { setImmediate } from 'node:timers/promises';
import type { IcsImportResult } from '../../shared/ics-import.ts';
import { exactDraft, type CalendarEvent, type EventDraft, type ImportSource } from '../../shared/event-schema.ts';
import type { Principal } from '../auth/principal.ts';
import { HttpProblem } from '../errors.ts';
import { checkContent, type ContentRules } from '../events/event-content.ts';
import type { EventService } from '../events/event-service.ts';
import { seriesDraft } from '../events/occurrence-service.ts';
import { createEventWriter, type BatchChange } from '../events/write-event.ts';
import type { IdempotencyRequest } from '../http/idempotency-key.ts';
import { idempotently } from '../idempotency/idempotent-write.ts';
import { NotFoundError, PreconditionFailedError, type IdempotentCompletion, type Store } from '../stores/repository.ts';
import { candidatesToDrafts, orSkip } from './ical-import-drafts.ts';
import type { IcsCandidates, IcsReadOptions } from './ical-import-file.ts';
import type { SkippedItem } from './ical-import-records.ts';


export interface ImportRequest {
  calendarId: string;
  body: Uint8Array;
  /** Count what an import would do, and write nothing. */
  preview: boolean;
  /** The zone floating times are read in, and all-day series' date-time UNTILs when the file names none: the importer's. */
  timeZone: string;
  /** An import (not a preview) with an Idempotency-Key is done at most once per key, and answers the same each time. */
  idempotency?: IdempotencyRequest;
}

export interface IcalImportService {
  importIcs(principal: Principal, request: ImportRequest): Promise<IcsImportResult>;
}

/** Orders two versions of an event: SEQUENCE first, then the last change (Google writes SEQUENCE:0 and moves LAST-MODIFIED). */
export function compareSources(a: ImportSource, b: ImportSource): number {
  return a.sequence - b.sequence || (a.modified < b.modified ? -1 : a.modified > b.modified ? 1 : 0);
}

/** Keys sorted at every level, so that two drafts holding the same compare equal as text. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, item]) => `${JSON.stringify(key)}:${stableJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const sameContent = (draft: EventDraft, stored: CalendarEvent) =>
  stableJson({ ...exactDraft(draft), importSource: null }) === stableJson({ ...exactDraft(seriesDraft(stored)), importSource: null });

interface ImportPlan {
  creates: EventDraft[];
  updates: BatchChange['updates'][number][];
  unchanged: number;
}

/** New events, newer versions of imported ones (that differ from them), and the rest unchanged or older. */
function planWrites(drafts: readonly EventDraft[], stored: readonly CalendarEvent[], skipped: SkippedItem[]): ImportPlan {
  const byUid = new Map(stored.map((event) => [event.extendedProps.importSource!.uid, event]));
  const plan: ImportPlan = { creates: [], updates: [], unchanged: 0 };
  for (const draft of drafts) {
    const current = byUid.get(draft.importSource!.uid);
    const order = current ? compareSources(draft.importSource!, current.extendedProps.importSource!) : 1;
    if (!current) plan.creates.push(draft);
    else if (order < 0) skipped.push({ uid: draft.importSource!.uid, reason: 'The calendar holds a newer version of this event (a higher SEQUENCE or a later change)' });
    else if (order === 0 || sameContent(draft, current)) plan.unchanged++;
    else plan.updates.push({ eventId: current.id, expected: current.extendedProps.version, draft, previousCategoryId: current.extendedProps.categoryId });
  }
  return plan;
}

/** Reads a file into candidates: in a worker thread (ical-import-pool.ts), since the file is anyone's. */
export type ReadIcs = (body: Uint8Array, options: IcsReadOptions) => Promise<IcsCandidates>;

export function createIcalImportService(store: Store, events: EventService, rules: ContentRules, readIcs: ReadIcs): IcalImportService {
  const writeEvent = createEventWriter(store, rules);

  /** The plan written, answered with `result` (stored with the write when keyed, and answered again to the key). */
  async function write(principal: Principal, calendarId: string, plan: ImportPlan, keyed: { request?: IdempotencyRequest; result: IcsImportResult }): Promise<IcsImportResult> {
    const { creates, updates } = plan;
    const batch = async (completion?: IdempotentCompletion<CalendarEvent[]>) => {
      if (creates.length > 0 || updates.length > 0) return writeEvent(principal, { kind: 'batch', calendarId, creates, updates, idempotency: completion });
      // Nothing to write: the key is answered alone.
      if (completion) await store.idempotency.complete(completion.lease, keyed.result);
      return [];
    };
    try {
      return await idempotently(store, principal, { request: keyed.request, resource: 'event' }, batch, () => keyed.result);
    } catch (error) {
      if (!(error instanceof PreconditionFailedError || error instanceof NotFoundError)) throw error;
      throw new HttpProblem(409, 'Conflict', { detail: 'Events of this calendar changed while the file was imported, so nothing was imported. Import it again.' });
    }
  }

  return {
    async importIcs(principal, { calendarId, body, preview, timeZone, idempotency }) {
      const { tenantId } = principal;
      await events.editableCalendar(principal, calendarId);
      const categories = await store.categories.listByCalendar({ tenantId, calendarId });
      // Checked here, not in the reading thread, which would load zod and the event schema again in its own isolate.
      const read = await candidatesToDrafts(await readIcs(body, { timeZone, categories }));
      const { skipped } = read;
      const place = { tenantId, calendarId, fromCalendarId: calendarId, previousCategoryId: '' };
      const drafts: EventDraft[] = [];
      for (const draft of read.drafts) {
        const checked = await orSkip(draft.importSource!.uid, skipped, () => checkContent(store, place, draft, rules));
        if (checked) drafts.push(checked);
        // Sanitising a description takes up to a millisecond: others are answered between events, not after them all.
        await setImmediate();
      }
      const stored = await store.events.findByImportUids({ tenantId, calendarId, uids: drafts.map((draft) => draft.importSource!.uid) });
      const plan = planWrites(drafts, stored, skipped);
      const result = { created: plan.creates.length, updated: plan.updates.length, unchanged: plan.unchanged, skipped };
      return preview ? result : write(principal, calendarId, plan, { request: idempotency, result });
    },
  };
}
