import type { DirectoryResolveResult, DirectorySearchQuery, DirectorySearchResult } from '../../shared/directory-schema.ts';
import { isAdmin, type Principal } from '../auth/principal.ts';
import type { CalendarService } from '../calendars/calendar-service.ts';
import { forbidden } from '../errors.ts';
import type { Directory, DirectoryCaller } from './directory.ts';
import type { EditorIdRule } from './editor-ids.ts';

export interface DirectoryService {
  search(principal: Principal, assertion: string, query: DirectorySearchQuery): Promise<DirectorySearchResult>;
  /** Names for stored ids: one entry per id, `kind: 'unknown'` for those the directory does not know. */
  resolve(principal: Principal, assertion: string, ids: readonly string[]): Promise<DirectoryResolveResult>;
}

export interface DirectoryServiceOptions {
  directory: Directory;
  calendars: CalendarService;
  editorIds: EditorIdRule;
}

/**
 * The people picker's searches. They reveal the organisation's directory, and only those who choose people need
 * it: administrators (a calendar's editors) and the editors of some calendar. Readers get 403.
 */
export function createDirectoryService({ directory, calendars, editorIds }: DirectoryServiceOptions): DirectoryService {
  async function callerOf(principal: Principal, assertion: string): Promise<DirectoryCaller> {
    if (!isAdmin(principal) && !(await calendars.canEditAny(principal))) {
      throw forbidden('Only administrators and calendar editors search the directory.');
    }
    return { tenantId: principal.tenantId, userId: principal.id, assertion };
  }

  return {
    async search(principal, assertion, query) {
      return { results: await directory.search(await callerOf(principal, assertion), query) };
    },

    async resolve(principal, assertion, ids) {
      const caller = await callerOf(principal, assertion);
      // An id that cannot be one (a name saved before ids were checked) is not asked for: it is unknown.
      const normalised = ids.map((id) => editorIds.normalise(id));
      const asked = [...new Set(normalised.filter((id): id is string => id !== null))];
      const known = new Map((asked.length > 0 ? await directory.resolve(caller, asked) : []).map((entry) => [entry.id, entry]));
      return {
        results: ids.map((id, index) => {
          const entry = known.get(normalised[index] ?? '');
          return entry ? { ...entry, id } : { id, kind: 'unknown' as const };
        }),
      };
    },
  };
}
