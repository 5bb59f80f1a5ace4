import type { ChangeNotice } from '../../shared/history-schema.ts';
import { useLiveBatches } from './live-notices.ts';

/**
 * Reads a list again when live changes hold one that matters to it, or when everything shown must be fetched afresh:
 * a history, a trash or an activity list open while someone else works stays true.
 */
export function useLiveRefetch(matters: (notice: ChangeNotice) => boolean, refetch: () => unknown): void {
  useLiveBatches(({ notices, refetch: everything }) => {
    if (everything || notices.some(matters)) void refetch();
  });
}
