import { validationFailed } from '../errors.ts';
import type { SearchKey } from '../stores/repository.ts';

/**
 * Where a page of results ended, and the moment the search counts "next" from: kept in the cursor so that every
 * page of one search places each series at the same occurrence, however long the reader takes between pages.
 */
export interface SearchCursor {
  referenceMs: number;
  after: SearchKey;
}

/** An opaque token (base64url of a small JSON array); only what encodeCursor wrote decodes. */
export function encodeCursor({ referenceMs, after }: SearchCursor): string {
  return Buffer.from(JSON.stringify([referenceMs, after.startMs, after.id])).toString('base64url');
}

const badCursor = () =>
  validationFailed([{ field: 'cursor', message: 'This is not a cursor a search gave: search again without it, from the first page' }]);

function parsed(token: string): unknown {
  if (!/^[A-Za-z0-9_-]+$/.test(token)) return null;
  try {
    return JSON.parse(Buffer.from(token, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
}

/** The cursor a token holds; a 400 naming `cursor` when it is not one encodeCursor made. */
export function decodeCursor(token: string): SearchCursor {
  const value = parsed(token);
  if (!Array.isArray(value) || value.length !== 3) throw badCursor();
  const [referenceMs, startMs, id] = value as unknown[];
  if (!Number.isSafeInteger(referenceMs) || !Number.isSafeInteger(startMs) || typeof id !== 'string' || id === '') throw badCursor();
  return { referenceMs: referenceMs as number, after: { startMs: startMs as number, id } };
}
