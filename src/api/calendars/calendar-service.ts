import type { Calendar, CalendarInput, CalendarPatch } from '../../shared/calendar-schema.ts';
import { canEditCalendar, isAdmin, type Principal } from '../auth/principal.ts';
import { forbidden } from '../errors.ts';
import type { ExpectedVersion, Store, StoredCalendar } from '../stores/repository.ts';

declare const admin: unique symbol;
/** A caller allowed to manage calendars: only the service makes one, so no write skips the check. */
export type CalendarAdmin = Principal & { readonly [admin]: true };

interface CalendarAt {
  calendarId: string;
  expected: ExpectedVersion;
}

export interface CalendarService {
  /** The caller's tenant's calendars, each saying whether the caller may change its events. */
  list(principal: Principal): Promise<Calendar[]>;
  /** The caller, if an administrator; 403 otherwise. */
  asAdmin(principal: Principal): CalendarAdmin;
  create(admin: CalendarAdmin, input: CalendarInput): Promise<Calendar>;
  update(admin: CalendarAdmin, params: CalendarAt & { patch: CalendarPatch }): Promise<Calendar>;
  /** Deletes the calendar with its events. */
  delete(admin: CalendarAdmin, params: CalendarAt): Promise<void>;
}

function toCalendarResponse(calendar: StoredCalendar, principal: Principal): Calendar {
  return { ...calendar, canEdit: canEditCalendar(principal, calendar) };
}

/** Permissions in front of the store's calendars. */
export function createCalendarService(store: Store): CalendarService {
  return {
    async list(principal) {
      const calendars = await store.calendars.list({ tenantId: principal.tenantId });
      return calendars.map((calendar) => toCalendarResponse(calendar, principal));
    },

    asAdmin(principal) {
      if (!isAdmin(principal)) throw forbidden('Only administrators manage calendars.');
      return principal as CalendarAdmin;
    },

    async create(admin, input) {
      return toCalendarResponse(await store.calendars.create({ tenantId: admin.tenantId, input }), admin);
    },

    async update(admin, { calendarId, patch, expected }) {
      return toCalendarResponse(await store.calendars.update({ tenantId: admin.tenantId, calendarId, patch, expected }), admin);
    },

    async delete(admin, { calendarId, expected }) {
      await store.calendars.delete({ tenantId: admin.tenantId, calendarId, expected });
    },
  };
}
