import type { ChangeEntry, HistoryPage } from '../../shared/history-schema.ts';
import { isAdmin, type Principal } from '../auth/principal.ts';
import { calendarOrNotFound } from '../calendars/calendar-or-not-found.ts';
import { forbidden, notFound } from '../errors.ts';
import type { HistoryPageQuery, Store } from '../stores/repository.ts';

/** An activity list's filters: one person's changes, or those made within [fromMs, toMs). */
export interface ActivityFilter {
  byUserId?: string;
  fromMs?: number;
  toMs?: number;
}

export interface HistoryService {
  /** An event's (or series') history, newest first, trashed or not: anyone who may read its calendar. */
  forEvent(principal: Principal, params: HistoryPageQuery & { calendarId: string; eventId: string }): Promise<HistoryPage>;
  /** A calendar's activity (its events' changes and its own), newest first: administrators. */
  activity(principal: Principal, params: HistoryPageQuery & ActivityFilter & { calendarId: string }): Promise<HistoryPage>;
}

/** A page and where the next starts: after the last entry when the page is full, nowhere when it is not. */
function pageOf(entries: ChangeEntry[], limit: number): HistoryPage {
  return { entries, next: entries.length === limit ? entries.at(-1)!.cursor : null };
}

/** Reads of the history the stores write with every change. */
export function createHistoryService(store: Store): HistoryService {
  return {
    async forEvent(principal, { calendarId, eventId, before, limit }) {
      const { tenantId } = principal;
      await calendarOrNotFound(store, principal, calendarId);
      const entries = await store.history.forEvent({ tenantId, eventId, before, limit });
      // The event is where its newest entry puts it (a move's target): elsewhere, or never written, it is not here.
      const newest = before === null ? entries[0] : (await store.history.forEvent({ tenantId, eventId, before: null, limit: 1 }))[0];
      if (newest?.calendarId !== calendarId) throw notFound();
      return pageOf(entries, limit);
    },

    async activity(principal, { calendarId, before, limit, byUserId, fromMs, toMs }) {
      const calendar = await calendarOrNotFound(store, principal, calendarId);
      if (!isAdmin(principal)) throw forbidden(`Only administrators see the activity of "${calendar.name}".`);
      const entries = await store.history.forCalendar({ tenantId: principal.tenantId, calendarId, before, limit, byUserId, fromMs, toMs });
      return pageOf(entries, limit);
    },
  };
}
