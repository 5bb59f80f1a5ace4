import { setImmediate } from 'node:timers/promises';
import type { CalendarEvent, EventDraft } from '../../shared/event-schema.ts';
import type { Principal } from '../auth/principal.ts';
import { NO_CONTEXT, type ChangeContext, type ExpectedVersion, type Keyed, type Store } from '../stores/repository.ts';
import { checkContent, type ContentRules } from './event-content.ts';

interface EventTarget {
  calendarId: string;
  eventId: string;
  expected: ExpectedVersion;
}

/** Why a write is made, for its history entry: the series scope and occurrence; NO_CONTEXT when left out. */
interface InContext {
  context?: ChangeContext;
}

/** A create, a restore and an import may carry an Idempotency-Key's completion (idempotent-write.ts), which the store writes with them. */
export type CreateChange = InContext & Keyed<CalendarEvent> & { kind: 'create'; calendarId: string; draft: EventDraft };
/**
 * previousCategoryId: the category the stored event carries, when the draft may name another; without it, the draft's
 * category is taken to be the stored one (a series' occurrences edited on their own keep the series' category).
 */
export type UpdateChange = EventTarget & InContext & { kind: 'update'; draft: EventDraft; previousCategoryId?: string };
/** An update that also takes the event to another calendar. */
export type MoveChange = EventTarget & InContext & { kind: 'move'; toCalendarId: string; draft: EventDraft; previousCategoryId?: string };
/** To the calendar's trash. */
export type DeleteChange = EventTarget & InContext & { kind: 'delete' };
/** Back from the calendar's trash; `expected` is the trash's version. */
export type RestoreChange = EventTarget & Keyed<CalendarEvent> & { kind: 'restore' };
/** Out of the calendar's trash for good. */
export type PurgeChange = { kind: 'purge'; calendarId: string; eventId: string };
/** Events of one calendar created and updated all together or not at all: an import (the store's writeBatch). */
export type BatchChange = Keyed<CalendarEvent[]> & {
  kind: 'batch';
  calendarId: string;
  creates: readonly EventDraft[];
  updates: readonly { eventId: string; expected: ExpectedVersion; draft: EventDraft; previousCategoryId: string }[];
};

/** A change to one event, checked and allowed: every write of an event is one of these. */
export type EventChange = CreateChange | UpdateChange | MoveChange | DeleteChange | RestoreChange | PurgeChange;

export interface WriteEvent {
  (principal: Principal, change: CreateChange | UpdateChange | MoveChange | RestoreChange): Promise<CalendarEvent>;
  (principal: Principal, change: DeleteChange | PurgeChange): Promise<void>;
  (principal: Principal, change: BatchChange): Promise<CalendarEvent[]>;
}

/**
 * Maps items one after another, the event loop turning between them: sanitising a description takes up to a
 * millisecond, and an import's batch of thousands would otherwise keep every other request waiting until all are done.
 */
async function mapInTurn<T, R>(items: readonly T[], map: (item: T) => Promise<R>): Promise<R[]> {
  const mapped: R[] = [];
  for (const item of items) {
    mapped.push(await map(item));
    await setImmediate();
  }
  return mapped;
}

/** Every draft of the batch made what the stores keep, before anything is written: one refusal writes nothing. */
async function writeBatch(store: Store, rules: ContentRules, principal: Principal, change: BatchChange): Promise<CalendarEvent[]> {
  const { tenantId } = principal;
  const { calendarId } = change;
  const check = (draft: EventDraft, previousCategoryId: string) =>
    checkContent(store, { tenantId, calendarId, fromCalendarId: calendarId, previousCategoryId }, draft, rules);
  const creates = await mapInTurn(change.creates, (draft) => check(draft, ''));
  const updates = await mapInTurn(change.updates, async ({ eventId, expected, draft, previousCategoryId }) => ({
    eventId,
    expected,
    draft: await check(draft, previousCategoryId),
  }));
  return store.events.writeBatch({ tenantId, calendarId, actor: principal, creates, updates, idempotency: change.idempotency });
}

async function writeUpdate(store: Store, rules: ContentRules, principal: Principal, change: UpdateChange | MoveChange): Promise<CalendarEvent> {
  const { tenantId } = principal;
  const { calendarId, eventId, expected, context = NO_CONTEXT } = change;
  const toCalendarId = change.kind === 'move' ? change.toCalendarId : undefined;
  const previousCategoryId = change.previousCategoryId ?? change.draft.categoryId;
  const place = { tenantId, calendarId: toCalendarId ?? calendarId, fromCalendarId: calendarId, previousCategoryId };
  const draft = await checkContent(store, place, change.draft, rules);
  return store.events.update({ tenantId, calendarId, eventId, draft, actor: principal, expected, toCalendarId, context });
}

/**
 * The one write path of events: every create, update, move, delete (to the trash), restore and purge goes through the
 * function this returns. The store writes each change's history entry with it, and the live stream hears of it from
 * the store's subscription, so nothing else need hook in here. It persists a change its caller has already checked,
 * after making its rich content what the stores keep (checkContent); the store's errors (not found, stale version,
 * calendar trashed) propagate.
 */
export function createEventWriter(store: Store, rules: ContentRules): WriteEvent {
  async function writeEvent(principal: Principal, change: EventChange | BatchChange): Promise<CalendarEvent | CalendarEvent[] | void> {
    const { tenantId } = principal;
    switch (change.kind) {
      case 'create': {
        const place = { tenantId, calendarId: change.calendarId, fromCalendarId: change.calendarId, previousCategoryId: '' };
        const draft = await checkContent(store, place, change.draft, rules);
        const { calendarId, context = NO_CONTEXT, idempotency } = change;
        return store.events.create({ tenantId, calendarId, draft, actor: principal, context, idempotency });
      }
      case 'update':
      case 'move':
        return writeUpdate(store, rules, principal, change);
      case 'delete': {
        const { calendarId, eventId, expected, context = NO_CONTEXT } = change;
        return store.events.delete({ tenantId, calendarId, eventId, expected, actor: principal, context });
      }
      case 'restore':
        return store.events.restore({ tenantId, calendarId: change.calendarId, eventId: change.eventId, expected: change.expected, actor: principal, idempotency: change.idempotency });
      case 'purge':
        return store.events.purge({ tenantId, calendarId: change.calendarId, eventId: change.eventId });
      case 'batch':
        return writeBatch(store, rules, principal, change);
    }
  }
  return writeEvent as WriteEvent;
}
