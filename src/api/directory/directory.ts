import { DIRECTORY_UNAVAILABLE_TYPE, type DirectoryEntry, type DirectorySearchQuery } from '../../shared/directory-schema.ts';
import { HttpProblem } from '../errors.ts';
import type { GraphUser } from '../graph/obo-token.ts';

/** Who asks the directory: the verified caller, and their bearer token (Graph's on-behalf-of assertion). */
export type DirectoryCaller = GraphUser;

/** Where people and groups are found: Microsoft Graph on behalf of the caller, or the demo organisation. */
export interface Directory {
  /** People and groups of the caller's organisation whose names (or mail) start with the query's words. */
  search(caller: DirectoryCaller, query: DirectorySearchQuery): Promise<DirectoryEntry[]>;
  /** The entries for those of the ids the directory knows, in any order. */
  resolve(caller: DirectoryCaller, ids: readonly string[]): Promise<DirectoryEntry[]>;
}

/**
 * Users first, then groups, at most `max` in all, and neither kind crowded out by the other: each gets half, and
 * what one leaves unused goes to the other.
 */
export function mergeKinds(users: readonly DirectoryEntry[], groups: readonly DirectoryEntry[], max: number): DirectoryEntry[] {
  const half = Math.ceil(max / 2);
  const userCount = Math.min(users.length, Math.max(half, max - groups.length));
  return [...users.slice(0, userCount), ...groups.slice(0, max - userCount)];
}

/** Where neither Graph nor the demo organisation is there to search (an OpenID Connect sign-in, or Graph off). */
export function unavailableDirectory(): Directory {
  const unavailable = () =>
    Promise.reject(
      new HttpProblem(501, 'Not Implemented', {
        type: DIRECTORY_UNAVAILABLE_TYPE,
        detail: 'No directory can be searched here (Microsoft Graph is not configured): enter user and group ids.',
      }),
    );
  return { search: unavailable, resolve: unavailable };
}
