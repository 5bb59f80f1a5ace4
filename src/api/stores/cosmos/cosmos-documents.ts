import type { Item } from '@azure/cosmos';
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
