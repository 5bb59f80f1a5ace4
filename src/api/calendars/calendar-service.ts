import { LRUCache } from 'lru-cache';
import type { Calendar, CalendarInput, CalendarPatch } from '../../shared/calendar-schema.ts';
import type { Category } from '../../shared/category-schema.ts';
import type { TrashedCalendar } from '../../shared/history-schema.ts';
import { CALENDAR_TRASH_DAYS } from '../../shared/limits.ts';
import { canEditCalendar, isAdmin, type Principal } from '../auth/principal.ts';
import { checkEditorIds, type EditorIdRule } from '../directory/editor-ids.ts';
import { forbidden } from '../errors.ts';
import { purgeDate } from '../events/event-trash.ts';
import { etagOf } from '../http/conditional-requests.ts';
import type { IdempotencyRequest } from '../http/idempotency-key.ts';
import { idempotently } from '../idempotency/idempotent-write.ts';
import type { ExpectedVersion, IdempotentCompletion, Store, StoredCalendar, TrashedCalendarRecord } from '../stores/repository.ts';

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
  /** Whether the caller may change the events of any calendar of their tenant: the editor role. */
  canEditAny(principal: Principal): Promise<boolean>;
  /** The caller, if an administrator; 403 otherwise. */
  asAdmin(principal: Principal): CalendarAdmin;
  /** With an Idempotency-Key, at most once per key (idempotent-write.ts). */
  create(admin: CalendarAdmin, input: CalendarInput, idempotency?: IdempotencyRequest): Promise<Calendar>;
  update(admin: CalendarAdmin, params: CalendarAt & { patch: CalendarPatch }): Promise<Calendar>;
  /** Moves the calendar, with its events and categories, to the tenant's calendar trash. */
  delete(admin: CalendarAdmin, params: CalendarAt): Promise<void>;
  /** The tenant's trashed calendars, newest deletion first. */
  listTrash(admin: CalendarAdmin): Promise<TrashedCalendar[]>;
  /** Brings a trashed calendar back as one; `expected` is its trash entry's version. */
  restore(admin: CalendarAdmin, params: CalendarAt & { idempotency?: IdempotencyRequest }): Promise<Calendar>;
  /** Deletes a trashed calendar for good, with everything it holds. */
  purge(admin: CalendarAdmin, calendarId: string): Promise<void>;
}

function trashedCalendar({ calendar, eventCount, deletedAt, deletedBy }: TrashedCalendarRecord): TrashedCalendar {
  const purgeAt = purgeDate(deletedAt, CALENDAR_TRASH_DAYS);
  return { id: calendar.id, etag: etagOf(calendar.version), name: calendar.name, color: calendar.color, eventCount, deletedAt, deletedBy, purgeAt };
}

function toCalendarResponse(calendar: StoredCalendar, principal: Principal, categories: Category[]): Calendar {
  return { ...calendar, canEdit: canEditCalendar(principal, calendar), categories };
}

/** The tenant's categories by calendar, each list in the store's order (by name): one query for all the calendars. */
async function categoriesByCalendar(store: Store, tenantId: string): Promise<Map<string, Category[]>> {
  const byCalendar = new Map<string, Category[]>();
  for (const category of await store.categories.list({ tenantId })) {
    const list = byCalendar.get(category.calendarId);
    if (list) list.push(category);
    else byCalendar.set(category.calendarId, [category]);
  }
  return byCalendar;
}

/** At most this many tenants' calendar editors are remembered for the editor role; the least recently used go first. */
export const EDITORS_TENANTS_CACHED_MAX = 1_000;

/** A tenant's calendars' editor lists, as they stood at the tenant's change version `version`. */
interface TenantEditors {
  version: string;
  editors: readonly (readonly string[])[];
}

export interface CalendarServiceOptions {
  /** EDITORS_TENANTS_CACHED_MAX unless a test watches the bound at work. */
  editorsTenantsCachedMax?: number;
  /** What an editor id must look like: a name typed as an editor would grant nothing, so it is refused. */
  editorIds?: EditorIdRule;
}

/** Permissions in front of the store's calendars. */
export function createCalendarService(store: Store, { editorsTenantsCachedMax = EDITORS_TENANTS_CACHED_MAX, editorIds }: CalendarServiceOptions = {}): CalendarService {
  const cachedEditors = new LRUCache<string, TenantEditors>({ max: editorsTenantsCachedMax });
  const checkedEditors = (editors: string[]) => (editorIds ? checkEditorIds(editorIds, editors) : editors);

  /**
   * Every calendar's editors, listed again only when a write has changed the tenant since: the version is one cheap
   * read, where listing the calendars is a query over the tenant's. Read before the list, so a list kept under a
   * version holds every write acknowledged by then (see ChangeVersions).
   */
  async function calendarEditors(tenantId: string): Promise<TenantEditors['editors']> {
    const version = await store.changes.version({ tenantId });
    const hit = cachedEditors.get(tenantId);
    if (hit?.version === version) return hit.editors;
    const editors = (await store.calendars.list({ tenantId })).map((calendar) => calendar.editors);
    cachedEditors.set(tenantId, { version, editors });
    return editors;
  }

  return {
    async list(principal) {
      const { tenantId } = principal;
      const [calendars, categories] = await Promise.all([store.calendars.list({ tenantId }), categoriesByCalendar(store, tenantId)]);
      return calendars.map((calendar) => toCalendarResponse(calendar, principal, categories.get(calendar.id) ?? []));
    },

    async canEditAny(principal) {
      const editors = await calendarEditors(principal.tenantId);
      return editors.some((list) => canEditCalendar(principal, { editors: list }));
    },

    asAdmin(principal) {
      if (!isAdmin(principal)) throw forbidden('Only administrators manage calendars.');
      return principal as CalendarAdmin;
    },

    async create(admin, input, idempotency) {
      const checked = { ...input, editors: checkedEditors(input.editors) };
      const create = (completion?: IdempotentCompletion<StoredCalendar>) => store.calendars.create({ tenantId: admin.tenantId, input: checked, actor: admin, idempotency: completion });
      return idempotently(store, admin, { request: idempotency, resource: 'calendar' }, create, (calendar) => toCalendarResponse(calendar, admin, []));
    },

    async update(admin, { calendarId, patch, expected }) {
      const { tenantId } = admin;
      const checked = { ...patch, editors: patch.editors && checkedEditors(patch.editors) };
      const calendar = await store.calendars.update({ tenantId, calendarId, patch: checked, expected, actor: admin });
      return toCalendarResponse(calendar, admin, await store.categories.listByCalendar({ tenantId, calendarId }));
    },

    async delete(admin, { calendarId, expected }) {
      await store.calendars.delete({ tenantId: admin.tenantId, calendarId, expected, actor: admin });
    },

    async listTrash(admin) {
      return (await store.calendars.listTrash({ tenantId: admin.tenantId })).map(trashedCalendar);
    },

    async restore(admin, { calendarId, expected, idempotency }) {
      const { tenantId } = admin;
      const restore = (completion?: IdempotentCompletion<StoredCalendar>) => store.calendars.restore({ tenantId, calendarId, expected, actor: admin, idempotency: completion });
      // A replay answers the calendar as first restored, with its categories as they are now.
      const calendar = await idempotently(store, admin, { request: idempotency, resource: 'calendar' }, restore, (restored) => restored);
      return toCalendarResponse(calendar, admin, await store.categories.listByCalendar({ tenantId, calendarId }));
    },

    async purge(admin, calendarId) {
      await store.calendars.purge({ tenantId: admin.tenantId, calendarId });
    },
  };
}
