import { randomUUID } from 'node:crypto';
import type { Container, UniqueKeyPolicy } from '@azure/cosmos';
import { categoryNameKey } from '../../../shared/category-match.ts';
import type { Category, CategoryInput, CategoryPatch } from '../../../shared/category-schema.ts';
import type { UserRef } from '../../../shared/event-schema.ts';
import { calendarEntry, categoryFieldChange, type NewChangeEntry } from '../change-entries.ts';
import {
  compareCategories,
  NameTakenError,
  PreconditionFailedError,
  NotFoundError,
  type CalendarKey,
  type CategoryKey,
  type Acting,
  type CategoryRepository,
  type Conditional,
  type InTenant,
  type StoredCalendar,
} from '../repository.ts';
import { bumpChanges, countedWrite, isChangesDoc } from './change-versions.ts';
import { CONFLICT_ATTEMPTS, writeExpectedVersion } from './conditional-write.ts';
import { codeOf, deleteIgnoringMissing, queryAll, readDoc, replaceIfUnchanged } from './cosmos-documents.ts';
import type { EventDoc } from './cosmos-event-docs.ts';
import { recordEntries, recordOnce } from './cosmos-history.ts';
import {
  calendarCategoriesQuery,
  calendarCategoryIdsQuery,
  categoriesQuery,
  categoryEventCountQuery,
  categoryEventsQuery,
  PENDING_CATEGORY_DELETES_QUERY,
} from './cosmos-queries.ts';
import { withRetries } from './cosmos-retry.ts';

/** One document per category, in its tenant's partition (like every container, by /tenantId). */
export const COSMOS_CATEGORIES_CONTAINER = 'categories';

/**
 * A calendar's category names differ, letter case aside: the container refuses (409) a create or replace that would
 * repeat a `nameKey` in the tenant's partition, so two instances creating one name at once cannot both succeed. One
 * path holding calendar and name, not a key of two paths, because the local protocol server takes each path of a
 * unique key as unique on its own.
 */
export const CATEGORIES_UNIQUE_KEY_POLICY: UniqueKeyPolicy = { uniqueKeys: [{ paths: ['/nameKey'] }] };

/** The calendar's id and the name as categoryNameKey compares it: unique in the tenant's partition. */
const nameKeyOf = (calendarId: string, name: string) => `${calendarId}/${categoryNameKey(name)}`;

interface CategoryDoc extends Category {
  tenantId: string;
  /** nameKeyOf(calendarId, name); on a category being deleted, its id, so that the name is free at once. */
  nameKey: string;
  /** Set when deletion begins, with who deleted it: from then on the category is invisible. */
  deleting?: true;
  deletedBy?: UserRef;
  /** The entry of its last change, written with it: a start-up records it if the process died before it could. */
  lastEntry?: NewChangeEntry;
  _etag?: string;
}

function toCategory({ id, calendarId, name, color, icon, createdAt, updatedAt, version }: CategoryDoc): Category {
  return { id, calendarId, name, color, icon, createdAt, updatedAt, version };
}

/** A write that would repeat a name of the calendar: the unique key's 409 as the store's error. */
async function unlessNameTaken<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (codeOf(error) === 409) throw new NameTakenError();
    throw error;
  }
}

/** A category's change as its calendar's entry: the calendar as it is, the category's fields before and after. */
function entryFor(calendar: StoredCalendar, actor: UserRef, before: Category | null, after: Category | null): NewChangeEntry {
  return calendarEntry(calendar, { kind: 'updated', by: actor, at: new Date().toISOString(), version: calendar.version, changes: categoryFieldChange(before, after) });
}

/** Deletes every category of a calendar being deleted (its events go too, so none is cleared): a step of its delete. */
export async function deleteCalendarCategories(categories: Container, tenantId: string, calendarId: string): Promise<void> {
  const docs = await queryAll<{ id: string }>(categories, calendarCategoryIdsQuery(tenantId, calendarId));
  for (const { id } of docs) await deleteIgnoringMissing(categories.item(id, tenantId));
  if (docs.length > 0) await bumpChanges(categories, tenantId);
}

/** What categories need of their calendars: one that is there (not trashed), and which are. */
export interface CategoryCalendars {
  get(params: CalendarKey): Promise<StoredCalendar | null>;
  list(params: InTenant): Promise<StoredCalendar[]>;
}

/**
 * Categories in a container of their own. Deleting one spans its events, with no transaction across documents, so it
 * goes in steps that are safe to stop anywhere (data-design.md): mark the category `deleting` (with If-Match; from then
 * on it is invisible and its name free), clear it from its events, delete its document.
 */
export class CosmosCategoryRepository implements CategoryRepository {
  private readonly categories: Container;
  private readonly events: Container;
  private readonly calendars: CategoryCalendars;

  constructor(categories: Container, events: Container, calendars: CategoryCalendars) {
    this.categories = categories;
    this.events = events;
    this.calendars = calendars;
  }

  /** Every category of the tenant's calendars, less those of calendars in the trash (which keep theirs until restored or purged). */
  async list({ tenantId }: InTenant): Promise<Category[]> {
    const [docs, calendars] = await Promise.all([queryAll<CategoryDoc>(this.categories, categoriesQuery(tenantId)), this.calendars.list({ tenantId })]);
    const visible = new Set(calendars.map((calendar) => calendar.id));
    return docs.filter((doc) => visible.has(doc.calendarId)).map(toCategory).sort(compareCategories);
  }

  async listByCalendar({ tenantId, calendarId }: CalendarKey): Promise<Category[]> {
    if (!(await this.calendars.get({ tenantId, calendarId }))) return [];
    return (await queryAll<CategoryDoc>(this.categories, calendarCategoriesQuery(tenantId, calendarId))).map(toCategory).sort(compareCategories);
  }

  async get(key: CategoryKey): Promise<Category | null> {
    const doc = await this.visibleDoc(key);
    return doc && (await this.calendars.get(key)) ? toCategory(doc) : null;
  }

  async create({ tenantId, calendarId, input, actor }: CalendarKey & Acting & { input: CategoryInput }): Promise<Category> {
    const calendar = await this.visibleCalendar({ tenantId, calendarId });
    const now = new Date().toISOString();
    const doc: CategoryDoc = { id: randomUUID(), tenantId, calendarId, ...input, nameKey: nameKeyOf(calendarId, input.name), createdAt: now, updatedAt: now, version: 1 };
    doc.lastEntry = entryFor(calendar, actor, null, doc);
    return countedWrite(this.categories, tenantId, async () => {
      await unlessNameTaken(() => withRetries(() => this.categories.items.create(doc), { idempotent: false }));
      return toCategory(await this.recorded(doc));
    });
  }

  async update({ patch, expected, actor, ...key }: CategoryKey & Conditional & Acting & { patch: CategoryPatch }): Promise<Category> {
    const calendar = await this.visibleCalendar(key);
    const updated = await countedWrite(this.categories, key.tenantId, () => writeExpectedVersion(expected, () => this.visibleDoc(key), async (doc) => {
      const name = patch.name ?? doc.name;
      const next: CategoryDoc = {
        ...doc,
        name,
        nameKey: nameKeyOf(doc.calendarId, name),
        color: patch.color ?? doc.color,
        icon: patch.icon ?? doc.icon,
        updatedAt: new Date().toISOString(),
        version: doc.version + 1,
      };
      next.lastEntry = entryFor(calendar, actor, doc, next);
      return (await unlessNameTaken(() => replaceIfUnchanged(this.categories, next))) ? this.recorded(next) : undefined;
    }));
    return toCategory(updated);
  }

  /** One calendar-level entry for the delete, however many events it clears (their versions move, with no entry each). */
  async delete({ expected, actor, ...key }: CategoryKey & Conditional & Acting): Promise<{ clearedEvents: number }> {
    const calendar = await this.visibleCalendar(key);
    // The mark is what readers see change: the category leaves every list.
    const marked = await countedWrite(this.categories, key.tenantId, () => writeExpectedVersion(expected, () => this.visibleDoc(key), async (doc) => {
      const next: CategoryDoc = { ...doc, deleting: true, deletedBy: { id: actor.id, name: actor.name }, nameKey: doc.id, lastEntry: entryFor(calendar, actor, doc, null) };
      return (await replaceIfUnchanged(this.categories, next)) ? this.recorded(next) : undefined;
    }));
    return this.finishDelete(marked);
  }

  async countEvents({ tenantId, calendarId, categoryId }: CategoryKey): Promise<number> {
    const [count] = await queryAll<number>(this.events, categoryEventCountQuery(tenantId, calendarId, categoryId));
    return count ?? 0;
  }

  /** Finishes the deletes a process began and did not finish (it died, or lost too many races clearing events). */
  async finishPendingDeletes(): Promise<number> {
    const pending = await withRetries(() => this.categories.items.query<CategoryDoc>(PENDING_CATEGORY_DELETES_QUERY).fetchAll(), { idempotent: true });
    for (const doc of pending.resources) {
      // The process that marked it may have died before it recorded the delete's entry, or bumped the version.
      if (doc.lastEntry) await recordOnce(this.events, doc.tenantId, doc.lastEntry);
      await bumpChanges(this.categories, doc.tenantId);
      await this.finishDelete(doc);
    }
    return pending.resources.length;
  }

  /** Clears the marked category from its events, then deletes it: safe to run again from any point. */
  private async finishDelete(doc: CategoryDoc): Promise<{ clearedEvents: number }> {
    const carrying = await queryAll<EventDoc>(this.events, categoryEventsQuery(doc.tenantId, doc.id));
    let clearedEvents = 0;
    for (const event of carrying) if (await this.clearEvent(event, doc.deletedBy!)) clearedEvents++;
    if (clearedEvents > 0) await bumpChanges(this.events, doc.tenantId);
    await deleteIgnoringMissing(this.categories.item(doc.id, doc.tenantId));
    return { clearedEvents };
  }

  /**
   * One event without its category, as a change by the actor, with If-Match on the _etag read: a write that came in
   * between is read again, and may have chosen another category already. False when there was nothing to clear.
   */
  private async clearEvent(read: EventDoc, actor: UserRef): Promise<boolean> {
    const categoryId = read.categoryId;
    let doc: EventDoc | null = read;
    for (let attempt = 0; attempt < CONFLICT_ATTEMPTS; attempt++) {
      if (!doc || doc.categoryId !== categoryId) return false;
      const next: EventDoc = { ...doc, categoryId: '', version: doc.version + 1, updatedBy: { id: actor.id, name: actor.name }, updatedAt: new Date().toISOString() };
      if (await replaceIfUnchanged(this.events, next)) return true;
      doc = await readDoc<EventDoc>(this.events.item(read.id, read.tenantId));
    }
    // The mark stays: the next start-up finishes the delete.
    throw new PreconditionFailedError();
  }

  private async visibleCalendar(key: CalendarKey): Promise<StoredCalendar> {
    const calendar = await this.calendars.get(key);
    if (!calendar) throw new NotFoundError();
    return calendar;
  }

  /**
   * Records the entry a change wrote on the category (lastEntry), right after it: a transactional batch cannot span the
   * categories and events containers. A process that dies in between leaves it there for recoverEntries (or, for a delete, finishPendingDeletes).
   * The write's bump follows (countedWrite).
   */
  private async recorded(doc: CategoryDoc): Promise<CategoryDoc> {
    await recordEntries(this.events, doc.tenantId, [doc.lastEntry!]);
    return doc;
  }

  /** The category as its calendar in the key holds it, unless it is being deleted. */
  private async visibleDoc({ tenantId, calendarId, categoryId }: CategoryKey): Promise<CategoryDoc | null> {
    const doc = await readDoc<CategoryDoc>(this.categories.item(categoryId, tenantId));
    return doc && !doc.deleting && !isChangesDoc(doc) && doc.tenantId === tenantId && doc.calendarId === calendarId ? doc : null;
  }
}
