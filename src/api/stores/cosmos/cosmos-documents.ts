import type { Container, Item } from '@azure/cosmos';
import type { PartitionQuery } from './cosmos-queries.ts';
import { withRetries } from './cosmos-retry.ts';

/** The HTTP status (or network code) a Cosmos call failed with. */
export function codeOf(error: unknown): unknown {
  return (error as { code?: unknown }).code;
}

/** A point read, retried like any read: null when the document is not there. */
export async function readDoc<T>(item: Item): Promise<T | null> {
  try {
    const response = await withRetries(() => item.read(), { idempotent: true });
    return response.statusCode === 404 || !response.resource ? null : (response.resource as unknown as T);
  } catch (error) {
    if (codeOf(error) === 404) return null;
    throw error;
  }
}

/** Query page size; pages are followed by continuation token. */
export const COSMOS_PAGE_SIZE = 500;

/** Every result, page by page; with a max, no page is asked for once max results are in, and only max are kept. */
export async function queryAll<T>(container: Container, query: PartitionQuery, max = Infinity): Promise<T[]> {
  const iterator = container.items.query<T>(query.spec, { partitionKey: query.partitionKey, maxItemCount: Math.min(COSMOS_PAGE_SIZE, max) });
  const results: T[] = [];
  while (results.length < max && iterator.hasMoreResults()) {
    const page = await withRetries(() => iterator.fetchNext(), { idempotent: true });
    results.push(...page.resources);
  }
  return results.length > max ? results.slice(0, max) : results;
}

/** A write with If-Match on the _etag it read: true when it landed, false when someone else changed or deleted the document first. */
export async function writeIfUnchanged(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await withRetries(write, { idempotent: false });
    return true;
  } catch (error) {
    if (codeOf(error) === 412 || codeOf(error) === 404) return false;
    throw error;
  }
}

export const ifMatch = (etag: string | undefined) => ({ accessCondition: { type: 'IfMatch', condition: etag! } });

/** A document as read, to be written back: its id, partition and the _etag it was read at. */
export interface ReadDoc {
  id: string;
  tenantId: string;
  _etag?: string;
}

export function replaceIfUnchanged(container: Container, doc: ReadDoc): Promise<boolean> {
  return writeIfUnchanged(() => container.item(doc.id, doc.tenantId).replace(doc, ifMatch(doc._etag)));
}

/** Deletes whatever version is there, and gone already counts as done: only for deletes that own what they remove. */
export async function deleteIgnoringMissing(item: Item): Promise<void> {
  try {
    await withRetries(() => item.delete(), { idempotent: false });
  } catch (error) {
    if (codeOf(error) !== 404) throw error;
  }
}
