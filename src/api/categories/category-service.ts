import type { Category, CategoryInput, CategoryPatch } from '../../shared/category-schema.ts';
import { CATEGORIES_PER_CALENDAR_MAX } from '../../shared/limits.ts';
import { canEditCalendar, type Principal } from '../auth/principal.ts';
import { forbidden, HttpProblem, notFound, validationFailed } from '../errors.ts';
import { BODY_FIELD } from '../http/request-validation.ts';
import { NameTakenError, type ExpectedVersion, type Store, type StoredCalendar } from '../stores/repository.ts';
import { calendarOrNotFound } from '../calendars/calendar-or-not-found.ts';

interface CategoryAt {
  calendarId: string;
  categoryId: string;
}

interface CategoryWrite extends CategoryAt {
  expected: ExpectedVersion;
}

export interface CategoryService {
  /** A calendar's categories, by name: anyone in its tenant may read them. */
  list(principal: Principal, calendarId: string): Promise<Category[]>;
  get(principal: Principal, at: CategoryAt): Promise<Category>;
  /** How many events (a series once) carry the category: what its delete would clear. */
  usage(principal: Principal, at: CategoryAt): Promise<{ events: number }>;
  create(principal: Principal, calendarId: string, input: CategoryInput): Promise<Category>;
  update(principal: Principal, params: CategoryWrite & { patch: CategoryPatch }): Promise<Category>;
  /** Deletes the category; its events stay, without it. */
  delete(principal: Principal, params: CategoryWrite): Promise<{ clearedEvents: number }>;
}

/** Administrators and the calendar's editors manage its categories: those who choose them for its events. */
async function manageableCalendar(store: Store, principal: Principal, calendarId: string): Promise<StoredCalendar> {
  const calendar = await calendarOrNotFound(store, principal, calendarId);
  if (!canEditCalendar(principal, calendar)) throw forbidden(`You may not manage the categories of "${calendar.name}".`);
  return calendar;
}

/** A duplicate name is the request's fault, named at its field like any other: the form shows it there. */
function nameTaken(name: string | undefined): HttpProblem {
  return validationFailed([{ field: 'name', message: `This calendar already has a category named "${name ?? ''}" (letter case aside)` }]);
}

async function unlessNameTaken<T>(name: string | undefined, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof NameTakenError) throw nameTaken(name);
    throw error;
  }
}

function tooMany(): HttpProblem {
  const message = `A calendar has at most ${CATEGORIES_PER_CALENDAR_MAX} categories: delete one before adding another`;
  return new HttpProblem(400, 'Bad Request', { detail: message, errors: [{ field: BODY_FIELD, message }] });
}

/** Permissions and rules in front of the store's categories. */
export function createCategoryService(store: Store): CategoryService {
  async function existing(principal: Principal, { calendarId, categoryId }: CategoryAt): Promise<Category> {
    await calendarOrNotFound(store, principal, calendarId);
    const category = await store.categories.get({ tenantId: principal.tenantId, calendarId, categoryId });
    if (!category) throw notFound();
    return category;
  }

  return {
    async list(principal, calendarId) {
      await calendarOrNotFound(store, principal, calendarId);
      return store.categories.listByCalendar({ tenantId: principal.tenantId, calendarId });
    },

    get: existing,

    async usage(principal, at) {
      await existing(principal, at);
      return { events: await store.categories.countEvents({ tenantId: principal.tenantId, ...at }) };
    },

    async create(principal, calendarId, input) {
      await manageableCalendar(store, principal, calendarId);
      const tenantId = principal.tenantId;
      // Checked before the write, not with it: two creates at once may pass the limit by one.
      if ((await store.categories.listByCalendar({ tenantId, calendarId })).length >= CATEGORIES_PER_CALENDAR_MAX) throw tooMany();
      return unlessNameTaken(input.name, () => store.categories.create({ tenantId, calendarId, input, actor: principal }));
    },

    async update(principal, { calendarId, categoryId, expected, patch }) {
      await manageableCalendar(store, principal, calendarId);
      return unlessNameTaken(patch.name, () => store.categories.update({ tenantId: principal.tenantId, calendarId, categoryId, expected, patch, actor: principal }));
    },

    async delete(principal, { calendarId, categoryId, expected }) {
      await manageableCalendar(store, principal, calendarId);
      return store.categories.delete({ tenantId: principal.tenantId, calendarId, categoryId, expected, actor: principal });
    },
  };
}
