import { SEARCH_QUERY_MAX } from '../../../../shared/limits.ts';

/** The search in the page's address, `?q=town+hall`: a reload or a shared link shows the same results. */
export const SEARCH_PARAM = 'q';
/** `&past=1`: past events too; a search otherwise starts today. */
export const PAST_PARAM = 'past';

/** A search the results show: its words, and whether events before today count. */
export interface SearchLocation {
  query: string;
  past: boolean;
}

/** The words as searched: trimmed, and no longer than the API takes; '' for none. */
export function searchWords(text: string): string {
  return text.trim().slice(0, SEARCH_QUERY_MAX).trim();
}

/** The search an address names, or null when it names none (or only blanks). */
export function readSearchLocation(search: string): SearchLocation | null {
  const params = new URLSearchParams(search);
  const query = searchWords(params.get(SEARCH_PARAM) ?? '');
  return query ? { query, past: params.get(PAST_PARAM) === '1' } : null;
}

/** The address's query with this search (null: none), its other parameters (the view and date) kept. */
export function withSearchLocation(search: string, location: SearchLocation | null): string {
  const params = new URLSearchParams(search);
  if (location) params.set(SEARCH_PARAM, location.query);
  else params.delete(SEARCH_PARAM);
  if (location?.past) params.set(PAST_PARAM, '1');
  else params.delete(PAST_PARAM);
  const query = params.toString();
  return query ? `?${query}` : '';
}
