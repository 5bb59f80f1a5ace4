import type { SqlQuerySpec } from '@azure/cosmos';
import { CHANGES_DOC_ID } from './change-versions.ts';

/**
 * The queries the Cosmos store sends, as data, so that tests can check what the local protocol server cannot
 * show: every query names its tenant's partition, both in the WHERE clause and as the partitionKey option.
 */
export interface PartitionQuery {
  spec: SqlQuerySpec;
  partitionKey: string;
}

/** A query in the tenant's partition; every value goes in as a parameter named after its key, tenantId first. */
function tenantQuery(tenantId: string, query: string, values: Record<string, string | number | boolean> = {}): PartitionQuery {
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

/** The tenant's calendars, less those being deleted and the tenant's change counter (change-versions.ts). */
export function calendarsQuery(tenantId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT * FROM c WHERE c.tenantId = @tenantId AND NOT IS_DEFINED(c.deleting) AND c.id != @changes', {
    changes: CHANGES_DOC_ID,
  });
}

export function calendarEventIdsQuery(tenantId: string, calendarId: string): PartitionQuery {
  return tenantQuery(tenantId, 'SELECT c.id FROM c WHERE c.tenantId = @tenantId AND c.calendarId = @calendarId', { calendarId });
}

/** Calendars whose deletion began and may not have finished: across tenants, so across partitions. */
export const PENDING_DELETES_QUERY: SqlQuerySpec = { query: 'SELECT c.id, c.tenantId FROM c WHERE c.deleting = true' };
