import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { categoryNameKey } from '../../../shared/category-match.ts';
import type { Category, CategoryInput, CategoryPatch } from '../../../shared/category-schema.ts';
import type { CategoryIcon } from '../../../shared/category-icons.ts';
import { calendarEntry, categoryFieldChange } from '../change-entries.ts';
import {
  compareCategories,
  NameTakenError,
  NotFoundError,
  PreconditionFailedError,
  versionMatches,
  type Acting,
  type CalendarKey,
  type CategoryKey,
  type CategoryRepository,
  type Conditional,
  type InTenant,
} from '../repository.ts';
import type { SqliteHistory } from './sqlite-history.ts';
import type { SqliteTrash } from './sqlite-trash.ts';

interface CategoryRow {
  tenant_id: string;
  id: string;
  calendar_id: string;
  name: string;
  color: string;
  icon: string;
  created_at: string;
  updated_at: string;
  version: number;
}

/** What a category write needs of the store's change versions: a bump inside the write's transaction. */
interface ChangeBump {
  bump(tenantId: string): void;
}

/** A live calendar, as a category's history entry names it. */
interface CalendarOfCategory {
  id: string;
  name: string;
  version: number;
}

function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    calendarId: row.calendar_id,
    name: row.name,
    color: row.color,
    icon: row.icon as CategoryIcon,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    version: row.version,
  };
}

/**
 * The categories table of migration 5; every write is one immediate transaction that bumps the tenant's version and
 * records its calendar's history entry. A trashed calendar's categories stay with it, unseen until it is restored.
 */
export class SqliteCategoryRepository implements CategoryRepository {
  private readonly db: Database.Database;
  private readonly changes: ChangeBump;
  private readonly history: SqliteHistory;
  private readonly trash: Pick<SqliteTrash<unknown>, 'clearCategory'>;
  private readonly byTenant: Database.Statement<[string], CategoryRow>;
  private readonly byCalendar: Database.Statement<[string, string], CategoryRow>;
  private readonly byId: Database.Statement<[string, string, string], CategoryRow>;
  private readonly liveCalendar: Database.Statement<[string, string], CalendarOfCategory>;
  private readonly insert: Database.Statement<CategoryRow>;
  private readonly write: Database.Statement<CategoryRow>;
  private readonly remove: Database.Statement<[string, string]>;
  private readonly clearEvents: Database.Statement<{ tenant: string; category: string; by_id: string; by_name: string; at: string }>;
  private readonly countUses: Database.Statement<[string, string, string], number>;

  constructor(db: Database.Database, changes: ChangeBump, history: SqliteHistory, trash: Pick<SqliteTrash<unknown>, 'clearCategory'>) {
    this.db = db;
    this.changes = changes;
    this.history = history;
    this.trash = trash;
    const live = 'JOIN calendars k ON k.tenant_id = c.tenant_id AND k.id = c.calendar_id AND k.deleted_at IS NULL';
    this.byTenant = db.prepare(`SELECT c.* FROM categories c ${live} WHERE c.tenant_id = ?`);
    this.byCalendar = db.prepare(`SELECT c.* FROM categories c ${live} WHERE c.tenant_id = ? AND c.calendar_id = ?`);
    this.byId = db.prepare(`SELECT c.* FROM categories c ${live} WHERE c.tenant_id = ? AND c.calendar_id = ? AND c.id = ?`);
    this.liveCalendar = db.prepare('SELECT id, name, version FROM calendars WHERE tenant_id = ? AND id = ? AND deleted_at IS NULL');
    this.insert = db.prepare(
      `INSERT INTO categories (tenant_id, id, calendar_id, name, color, icon, created_at, updated_at, version)
       VALUES (@tenant_id, @id, @calendar_id, @name, @color, @icon, @created_at, @updated_at, @version)`,
    );
    this.write = db.prepare(
      `UPDATE categories SET name = @name, color = @color, icon = @icon, updated_at = @updated_at, version = @version
       WHERE tenant_id = @tenant_id AND id = @id`,
    );
    this.remove = db.prepare('DELETE FROM categories WHERE tenant_id = ? AND id = ?');
    // The partial index events_by_category finds the events; each counts as changed by whoever deleted the category.
    this.clearEvents = db.prepare(
      `UPDATE events SET category_id = '', version = version + 1, updated_by_id = @by_id, updated_by_name = @by_name, updated_at = @at
       WHERE tenant_id = @tenant AND category_id = @category`,
    );
    this.countUses = db
      .prepare<[string, string, string], number>(`SELECT COUNT(*) FROM events WHERE tenant_id = ? AND category_id = ? AND calendar_id = ?`)
      .pluck();
  }

  async list({ tenantId }: InTenant): Promise<Category[]> {
    return this.byTenant.all(tenantId).map(toCategory).sort(compareCategories);
  }

  async listByCalendar({ tenantId, calendarId }: CalendarKey): Promise<Category[]> {
    return this.byCalendar.all(tenantId, calendarId).map(toCategory).sort(compareCategories);
  }

  async get({ tenantId, calendarId, categoryId }: CategoryKey): Promise<Category | null> {
    const row = this.byId.get(tenantId, calendarId, categoryId);
    return row ? toCategory(row) : null;
  }

  async create({ tenantId, calendarId, input, actor }: CalendarKey & Acting & { input: CategoryInput }): Promise<Category> {
    const now = new Date().toISOString();
    const row: CategoryRow = { tenant_id: tenantId, id: randomUUID(), calendar_id: calendarId, ...input, created_at: now, updated_at: now, version: 1 };
    this.history.write(() => {
      if (!this.liveCalendar.get(tenantId, calendarId)) throw new NotFoundError();
      this.checkNameFree(row);
      this.insert.run(row);
      this.changed({ tenantId, calendarId, actor, at: now }, null, toCategory(row));
    });
    return toCategory(row);
  }

  async update({ tenantId, calendarId, categoryId, patch, expected, actor }: CategoryKey & Conditional & Acting & { patch: CategoryPatch }): Promise<Category> {
    return this.history.write(() => {
      const current = this.currentRow({ tenantId, calendarId, categoryId, expected });
      const now = new Date().toISOString();
      const next: CategoryRow = {
        ...current,
        name: patch.name ?? current.name,
        color: patch.color ?? current.color,
        icon: patch.icon ?? current.icon,
        updated_at: now,
        version: current.version + 1,
      };
      this.checkNameFree(next);
      this.write.run(next);
      this.changed({ tenantId, calendarId, actor, at: now }, toCategory(current), toCategory(next));
      return toCategory(next);
    });
  }

  /** One entry for the calendar, none for the events it clears the category from. */
  async delete({ tenantId, calendarId, categoryId, expected, actor }: CategoryKey & Conditional & Acting): Promise<{ clearedEvents: number }> {
    return this.history.write(() => {
      const current = this.currentRow({ tenantId, calendarId, categoryId, expected });
      const now = new Date().toISOString();
      // One transaction: no event is left naming a category that is gone, in the calendar or in its trash.
      const cleared = this.clearEvents.run({ tenant: tenantId, category: categoryId, by_id: actor.id, by_name: actor.name, at: now });
      this.trash.clearCategory(tenantId, categoryId);
      this.remove.run(tenantId, categoryId);
      this.changed({ tenantId, calendarId, actor, at: now }, toCategory(current), null);
      return { clearedEvents: cleared.changes };
    });
  }

  async countEvents({ tenantId, calendarId, categoryId }: CategoryKey): Promise<number> {
    return this.countUses.get(tenantId, categoryId, calendarId) ?? 0;
  }

  /** Inside a transaction: the row at the expected version, or the store's error. */
  private currentRow({ tenantId, calendarId, categoryId, expected }: CategoryKey & Conditional): CategoryRow {
    const current = this.byId.get(tenantId, calendarId, categoryId);
    if (!current) throw new NotFoundError();
    if (!versionMatches(expected, current.version)) throw new PreconditionFailedError();
    return current;
  }

  /** Inside a write: bumps the tenant's version and records the change as its calendar's entry. */
  private changed({ tenantId, calendarId, actor, at }: CalendarKey & Acting & { at: string }, before: Category | null, after: Category | null): void {
    const calendar = this.liveCalendar.get(tenantId, calendarId);
    if (!calendar) throw new NotFoundError();
    this.changes.bump(tenantId);
    this.history.record(tenantId, calendarEntry(calendar, { kind: 'updated', by: actor, at, version: calendar.version, changes: categoryFieldChange(before, after) }));
  }

  /** Inside a transaction, which makes the check and the write one: no other category of the calendar has the name. */
  private checkNameFree(row: CategoryRow): void {
    const key = categoryNameKey(row.name);
    const taken = this.byCalendar.all(row.tenant_id, row.calendar_id).some((other) => other.id !== row.id && categoryNameKey(other.name) === key);
    if (taken) throw new NameTakenError();
  }
}
