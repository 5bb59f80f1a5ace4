import { z } from 'zod';
import { principalIdSchema } from './calendar-schema.ts';
import { DIRECTORY_QUERY_MAX, DIRECTORY_QUERY_MIN, DIRECTORY_RESOLVE_IDS_MAX } from './limits.ts';

export const DIRECTORY_KINDS = ['user', 'group'] as const;
export type DirectoryKind = (typeof DIRECTORY_KINDS)[number];

/** A person or group of the caller's organisation, as the people picker shows it. */
export interface DirectoryEntry {
  /** What calendars store as an editor: the user's or group's object id. */
  id: string;
  kind: DirectoryKind;
  displayName: string;
  /** A user's mail (else sign-in name), a group's description (else mail); '' when there is none. */
  detail: string;
}

/** An id the directory does not know (deleted, from another organisation, or never an id): shown as it is. */
export interface UnknownDirectoryEntry {
  id: string;
  kind: 'unknown';
}

/** GET /api/directory/search */
export interface DirectorySearchResult {
  results: DirectoryEntry[];
}

/** POST /api/directory/resolve: one entry per id asked for, in the order asked. */
export interface DirectoryResolveResult {
  results: (DirectoryEntry | UnknownDirectoryEntry)[];
}

/** GET /api/directory/search's query: words to find in names and mail, and optionally one kind. */
export const directorySearchQuerySchema = z.strictObject({
  q: z
    .string()
    .trim()
    .min(DIRECTORY_QUERY_MIN, `Search for at least ${DIRECTORY_QUERY_MIN} character`)
    .max(DIRECTORY_QUERY_MAX, `Search for at most ${DIRECTORY_QUERY_MAX} characters`),
  kind: z.enum(DIRECTORY_KINDS, { error: 'kind is user or group' }).optional(),
});
export type DirectorySearchQuery = z.output<typeof directorySearchQuerySchema>;

/** POST /api/directory/resolve's body: the ids to name, e.g. a calendar's editors. */
export const directoryResolveBodySchema = z.strictObject({
  ids: z
    .array(principalIdSchema)
    .min(1, 'Name at least one id')
    .max(DIRECTORY_RESOLVE_IDS_MAX, `Name at most ${DIRECTORY_RESOLVE_IDS_MAX} ids`)
    .transform((ids) => [...new Set(ids)]),
});

/** The type of the 501 answered where no directory can be searched (no Microsoft Graph): ids are typed instead. */
export const DIRECTORY_UNAVAILABLE_TYPE = 'urn:company-calendar:problem:directory-unavailable';
