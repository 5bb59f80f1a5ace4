import type { SqlQuerySpec } from '@azure/cosmos';
import type { SearchKey, SearchMatch } from '../repository.ts';
import { CHANGES_DOC_ID } from './change-versions.ts';
import { ENTRY_DOC_TYPE } from './cosmos-entry-docs.ts';

/**
 * The queries the Cosmos store sends, as data, so that tests can check what the local protocol server cannot
 * show: every query names its tenant's partition, both in the WHERE clause and as the partitionKey option.
 */
export interface PartitionQuery {
  spec: SqlQuerySpec;
  partitionKey: string;
}

/** A query in the tenant's partition; every value goes in as a parameter named after its key, tenantId first. */
function tenantQuery(tenantId: string, query: string, values: Record<string, string | number | boolean | string[]> = {}): PartitionQuery {
  const parameters = Object.entries({ tenantId, ...values }).map(([name, value]) => ({ name: `@${name}`, value }));
  return { partitionKey: tenantId, spec: { query, parameters } };
}

/**
 * One calendar's single events of one kind overlapping [from, to), with start bounded on both sides for the index.
 * Series' masters are left out (documents from before series lack rrule), so that a capped read counts singles only.
 */
export function windowQuery(tenantId: string, calendarId: string, allDay: boolean, lowest: number, from: number, to: number): PartitionQuery {
  // "end" is a reserved word in Cosmos SQL, hence c["endMs"] style is used for every field that could be.
  const query =
    'SELECT * FROM c WHERE c.tenantId = @tenantId AND c.calendarId = @calendarId AND c.allDay = @allDay ' +
    'AND c.startMs >= @lowest AND c.startMs < @to AND c["endMs"] > @from AND (NOT IS_DEFINED(c.rrule) OR c.rrule = "")';
  return tenantQuery(tenantId, query, { calendarId, allDay, lowest, to, from });
}

/** One calendar's series whose range overlaps [from, to); documents from before series lack rrule and never match. */
export function seriesWindowQuery(tenantId: string, calendarId: string, from: number, to: number): PartitionQuery {
  const query =
    'SELECT * FROM c WHERE c.tenantId = @tenantId AND c.calendarId = @calendarId AND c.rrule > "" ' +
    'AND c.rangeEndMs > @from AND c.rangeStartMs < @to';
  return tenantQuery(tenantId, query, { calendarId, from, to });
}

/** The tenant's calendars, less those being deleted or in the trash, and the tenant's change counter (change-versions.ts). */
export function calendarsQuery(tenantId: string): PartitionQuery {
  return tenantQuery(
    tenantId,
    'SELECT * FROM c WHERE c.tenantId = @tenantId AND NOT IS_DEFINED(c.deleting) AND NOT IS_DEFINED(c.trashedAt) AND c.id != @changes AND NOT IS_DEFINED(c.docType)',
    { changes: CHANGES_DOC_ID },
  );
}

/** The tenant's trashed calendars (not being purged), newest deletion first. */
export function calendarTrashQuery(tenantId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT * FROM c WHERE c.tenantId = @tenantId AND IS_DEFINED(c.trashedAt) AND NOT IS_DEFINED(c.deleting) ORDER BY c.trashedAtMs DESC');
}

/** Every event document of a calendar, those in its trash too: what a calendar's purge removes. */
export function calendarEventIdsQuery(tenantId: string, calendarId: string, trashId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT c.id FROM c WHERE c.tenantId = @tenantId AND (c.calendarId = @calendarId OR c.calendarId = @trashId)', { calendarId, trashId });
}

/** How many events (not trashed) a calendar holds. */
export function calendarEventCountQuery(tenantId: string, calendarId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT VALUE COUNT(1) FROM c WHERE c.tenantId = @tenantId AND c.calendarId = @calendarId', { calendarId });
}

/** A calendar's trashed events (their calendarId is the trash's id), newest deletion first. */
export function eventTrashQuery(tenantId: string, trashId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT * FROM c WHERE c.tenantId = @tenantId AND c.calendarId = @trashId ORDER BY c.deletedAtMs DESC', { trashId });
}

/** Trashed events deleted before the cutoff, across tenants: what purgeExpired deletes where the account's TTL has not. */
export function expiredTrashQuery(cutoffMs: number): SqlQuerySpec {
  return { query: 'SELECT c.id, c.tenantId FROM c WHERE IS_DEFINED(c.trashedFrom) AND c.deletedAtMs < @cutoff', parameters: [{ name: '@cutoff', value: cutoffMs }] };
}

/** Trashed calendars deleted before the cutoff, across tenants. */
export function expiredCalendarsQuery(cutoffMs: number): SqlQuerySpec {
  return { query: 'SELECT c.id, c.tenantId FROM c WHERE IS_DEFINED(c.trashedAt) AND c.trashedAtMs < @cutoff', parameters: [{ name: '@cutoff', value: cutoffMs }] };
}

/** History entries written before the cutoff, across tenants. */
export function expiredEntriesQuery(cutoffMs: number): SqlQuerySpec {
  return {
    query: 'SELECT c.id, c.tenantId FROM c WHERE c.docType = @entry AND c.atMs < @cutoff',
    parameters: [{ name: '@entry', value: ENTRY_DOC_TYPE }, { name: '@cutoff', value: cutoffMs }],
  };
}

/** Idempotency-Key records past their expiry, across tenants (in Azure the TTL deletes them first). */
export function expiredIdempotencyQuery(docType: string, nowMs: number): SqlQuerySpec {
  return {
    query: 'SELECT c.id, c.tenantId FROM c WHERE c.docType = @type AND c.expiresAtMs < @now',
    parameters: [{ name: '@type', value: docType }, { name: '@now', value: nowMs }],
  };
}

/** The entries of a calendar's own changes and its events' (not those of events moved out of it since): what its purge removes. */
export function calendarEntryIdsQuery(tenantId: string, calendarId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT c.id FROM c WHERE c.tenantId = @tenantId AND c.docType = @entry AND c.entryCalendarId = @calendarId', {
    entry: ENTRY_DOC_TYPE,
    calendarId,
  });
}

/** The clauses of a history page: entries before the page's cursor, newest first. */
function entryPage(clauses: string[], values: Record<string, string | number>, beforeSeq: number | undefined): { where: string; values: Record<string, string | number> } {
  const all = ['c.tenantId = @tenantId', 'c.docType = @entry', ...clauses];
  if (beforeSeq !== undefined) all.push('c.seq < @beforeSeq');
  return { where: all.join(' AND '), values: { entry: ENTRY_DOC_TYPE, ...values, ...(beforeSeq === undefined ? {} : { beforeSeq }) } };
}

/**
 * An event's (or series') entries, newest first: the details dialog's History tab. Ordered by the filtered field too,
 * so that the composite index (entryEventId, seq) serves it rather than a walk down all the tenant's entries by seq.
 */
export function eventHistoryQuery(tenantId: string, eventId: string, beforeSeq: number | undefined): PartitionQuery {
  const page = entryPage(['c.entryEventId = @eventId'], { eventId }, beforeSeq);
  return tenantQuery(tenantId, `SELECT * FROM c WHERE ${page.where} ORDER BY c.entryEventId DESC, c.seq DESC`, page.values);
}

/** What a calendar's activity list filters on besides the page. */
export interface ActivityFilter {
  tenantId: string;
  calendarId: string;
  byUserId?: string;
  fromMs?: number;
  toMs?: number;
  beforeSeq?: number;
}

/** A calendar's entries (its own, its events', and moves out of it), newest first, optionally one person's or within [from, to). */
export function activityQuery({ tenantId, calendarId, byUserId, fromMs, toMs, beforeSeq }: ActivityFilter): PartitionQuery {
  const clauses = ['(c.entryCalendarId = @calendarId OR c.entryFromCalendarId = @calendarId)'];
  const values: Record<string, string | number> = { calendarId };
  if (byUserId !== undefined) {
    clauses.push('c.byId = @byId');
    values.byId = byUserId;
  }
  if (fromMs !== undefined) {
    clauses.push('c.atMs >= @fromMs');
    values.fromMs = fromMs;
  }
  if (toMs !== undefined) {
    clauses.push('c.atMs < @toMs');
    values.toMs = toMs;
  }
  const page = entryPage(clauses, values, beforeSeq);
  return tenantQuery(tenantId, `SELECT * FROM c WHERE ${page.where} ORDER BY c.seq DESC`, page.values);
}

/** Documents (calendars, categories) last written in [from, to) (`_ts`, seconds) that carry their last change's entry: what recoverEntries checks. */
export function lastEntriesQuery(fromSeconds: number, toSeconds: number): SqlQuerySpec {
  return {
    query: 'SELECT c.tenantId, c.lastEntry FROM c WHERE IS_DEFINED(c.lastEntry) AND c._ts >= @from AND c._ts < @to',
    parameters: [
      { name: '@from', value: fromSeconds },
      { name: '@to', value: toSeconds },
    ],
  };
}

/** Whether the tenant's history holds this entry: its calendar, kind, author and time (to the ms) name one change. */
export function entryRecordedQuery(tenantId: string, entry: { calendarId: string; kind: string; by: { id: string }; at: string }): PartitionQuery {
  return tenantQuery(
    tenantId,
    'SELECT VALUE COUNT(1) FROM c WHERE c.tenantId = @tenantId AND c.docType = @entry AND c.entryCalendarId = @calendarId AND c.atMs = @atMs AND c.byId = @byId AND c.entry.kind = @kind',
    { entry: ENTRY_DOC_TYPE, calendarId: entry.calendarId, atMs: Date.parse(entry.at), byId: entry.by.id, kind: entry.kind },
  );
}

/** The tenant's entries after a sequence number, oldest first: what a live stream missed. */
export function sinceQuery(tenantId: string, afterSeq: number): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT * FROM c WHERE c.tenantId = @tenantId AND c.docType = @entry AND c.seq > @afterSeq ORDER BY c.seq', {
    entry: ENTRY_DOC_TYPE,
    afterSeq,
  });
}

/** A calendar's events imported with one of these UIDs (importSource.uid); events never imported have none. */
export function importUidsQuery(tenantId: string, calendarId: string, uids: readonly string[]): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT * FROM c WHERE c.tenantId = @tenantId AND c.calendarId = @calendarId AND ARRAY_CONTAINS(@uids, c.importSource.uid)', {
    calendarId,
    uids: [...uids],
  });
}

/** Calendars whose deletion began and may not have finished: across tenants, so across partitions. */
export const PENDING_DELETES_QUERY: SqlQuerySpec = { query: 'SELECT c.id, c.tenantId FROM c WHERE c.deleting = true' };

/** The tenant's categories (categories container), less those being deleted and the change counter. */
export function categoriesQuery(tenantId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT * FROM c WHERE c.tenantId = @tenantId AND NOT IS_DEFINED(c.deleting) AND c.id != @changes', {
    changes: CHANGES_DOC_ID,
  });
}

/** One calendar's categories, less those being deleted. */
export function calendarCategoriesQuery(tenantId: string, calendarId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT * FROM c WHERE c.tenantId = @tenantId AND c.calendarId = @calendarId AND NOT IS_DEFINED(c.deleting)', {
    calendarId,
  });
}

/** Every category document of a calendar, those being deleted too: what a calendar's delete removes. */
export function calendarCategoryIdsQuery(tenantId: string, calendarId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT c.id FROM c WHERE c.tenantId = @tenantId AND c.calendarId = @calendarId', { calendarId });
}

/**
 * The events (events container) that carry a category, less those in a trash: a restore finds its category gone and
 * clears it then, so that a trashed event's version (its trash's ETag) does not move while it waits.
 */
export function categoryEventsQuery(tenantId: string, categoryId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT * FROM c WHERE c.tenantId = @tenantId AND c.categoryId = @categoryId AND NOT IS_DEFINED(c.trashedFrom)', { categoryId });
}

/** How many of a calendar's events carry the category. */
export function categoryEventCountQuery(tenantId: string, calendarId: string, categoryId: string): PartitionQuery {
  return tenantQuery(
    tenantId,
    'SELECT VALUE COUNT(1) FROM c WHERE c.tenantId = @tenantId AND c.calendarId = @calendarId AND c.categoryId = @categoryId',
    { calendarId, categoryId },
  );
}

/** Categories whose deletion began and may not have finished: across tenants, so across partitions. */
export const PENDING_CATEGORY_DELETES_QUERY: SqlQuerySpec = { query: 'SELECT * FROM c WHERE c.deleting = true' };

/**
 * What both search queries ask of an event: the tenant's calendars and categories named, and every term somewhere in
 * its folded text (CONTAINS; data-design.md says what that reads), each value a parameter.
 */
function searchFilters({ terms, calendarIds, categoryIds }: SearchMatch): { clauses: string[]; values: Record<string, string | string[]> } {
  const clauses = ['c.tenantId = @tenantId', 'ARRAY_CONTAINS(@calendarIds, c.calendarId)'];
  const values: Record<string, string | string[]> = { calendarIds: [...calendarIds] };
  if (categoryIds) {
    clauses.push('ARRAY_CONTAINS(@categoryIds, c.categoryId)');
    values.categoryIds = [...categoryIds];
  }
  terms.forEach((term, i) => {
    clauses.push(`CONTAINS(c.searchText, @term${i})`);
    values[`term${i}`] = term;
  });
  return { clauses, values };
}

/** The range's clauses on the fields an event's end and start are compared on; an open end adds none. */
function rangeFilters({ fromMs, toMs }: SearchMatch, endField: string, startField: string): { clauses: string[]; values: Record<string, number> } {
  const clauses: string[] = [];
  const values: Record<string, number> = {};
  if (fromMs !== undefined) {
    clauses.push(`${endField} > @from`);
    values.from = fromMs;
  }
  if (toMs !== undefined) {
    clauses.push(`${startField} < @to`);
    values.to = toMs;
  }
  return { clauses, values };
}

/** Matching single events overlapping the range, after the page's key, by start then id (a composite index serves the order). */
export function searchEventsQuery(match: SearchMatch, after: SearchKey | null): PartitionQuery {
  const words = searchFilters(match);
  const range = rangeFilters(match, 'c["endMs"]', 'c.startMs');
  const clauses = [...words.clauses, '(NOT IS_DEFINED(c.rrule) OR c.rrule = "")', ...range.clauses];
  const page: Record<string, number | string> = after ? { afterStart: after.startMs, afterId: after.id } : {};
  if (after) clauses.push('(c.startMs > @afterStart OR (c.startMs = @afterStart AND c.id > @afterId))');
  return tenantQuery(match.tenantId, `SELECT * FROM c WHERE ${clauses.join(' AND ')} ORDER BY c.startMs, c.id`, { ...words.values, ...range.values, ...page });
}

/** Matching series whose range overlaps the range; documents from before series lack rrule and never match. */
export function searchSeriesQuery(match: SearchMatch): PartitionQuery {
  const words = searchFilters(match);
  const range = rangeFilters(match, 'c.rangeEndMs', 'c.rangeStartMs');
  const clauses = [...words.clauses, 'c.rrule > ""', ...range.clauses];
  return tenantQuery(match.tenantId, `SELECT * FROM c WHERE ${clauses.join(' AND ')}`, { ...words.values, ...range.values });
}

/**
 * Event documents whose searchText is missing or worked out as an older build did (change counters have no startMs):
 * across partitions, once per version.
 */
export const staleSearchTextQuery = (version: number): SqlQuerySpec => ({
  query: 'SELECT * FROM c WHERE IS_DEFINED(c.startMs) AND (NOT IS_DEFINED(c.searchVersion) OR c.searchVersion != @version)',
  parameters: [{ name: '@version', value: version }],
});

/** One person's subscription links (subscriptions container). */
export function userSubscriptionsQuery(tenantId: string, userId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT * FROM c WHERE c.tenantId = @tenantId AND c.userId = @userId', { userId });
}

/** Every subscription link of the tenant. */
export function tenantSubscriptionsQuery(tenantId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT * FROM c WHERE c.tenantId = @tenantId AND IS_DEFINED(c.secretHash)');
}

/** The link a feed request names, by its secret's hash: the feed knows no tenant, so across partitions. */
export function subscriptionBySecretHashQuery(secretHash: string): SqlQuerySpec {
  return { query: 'SELECT * FROM c WHERE c.secretHash = @secretHash', parameters: [{ name: '@secretHash', value: secretHash }] };
}
