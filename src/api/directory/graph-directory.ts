import type { DirectoryEntry } from '../../shared/directory-schema.ts';
import { DIRECTORY_RESULTS_MAX } from '../../shared/limits.ts';
import type { GraphClient } from '../graph/graph-client.ts';
import type { GraphUser } from '../graph/obo-token.ts';
import { mergeKinds, type Directory } from './directory.ts';
import { isObjectId } from './editor-ids.ts';

/** Searching people (basic profiles) and groups: both admin-consented once for the organisation. */
export const DIRECTORY_SEARCH_PERMISSIONS = ['User.ReadBasic.All', 'GroupMember.Read.All'];
/** Naming stored ids: directoryObjects/getByIds asks for Directory.Read.All (a filter on ids takes 15 at most). */
export const DIRECTORY_RESOLVE_PERMISSIONS = ['Directory.Read.All'];
/** The signed-in user's own memberships need no more than User.Read. */
export const MEMBER_GROUPS_PERMISSIONS = ['User.Read'];
/** The most pages of memberships read for one user (999 groups a page): a guard, never reached in practice. */
export const MEMBER_GROUPS_PAGES_MAX = 50;

// $search, $count and OData casts on directory objects are advanced queries: Graph wants this header for them.
const ADVANCED_QUERY = { ConsistencyLevel: 'eventual' };

interface GraphPage<T> {
  value: T[];
  '@odata.nextLink'?: string;
}

interface GraphDirectoryObject {
  '@odata.type'?: string;
  id: string;
  displayName?: string | null;
  mail?: string | null;
  userPrincipalName?: string | null;
  description?: string | null;
}

const userEntry = (user: GraphDirectoryObject): DirectoryEntry => ({
  id: user.id,
  kind: 'user',
  displayName: user.displayName || user.userPrincipalName || user.id,
  detail: user.mail || user.userPrincipalName || '',
});

const groupEntry = (group: GraphDirectoryObject): DirectoryEntry => ({
  id: group.id,
  kind: 'group',
  displayName: group.displayName || group.id,
  detail: group.description || group.mail || '',
});

const byName = (a: DirectoryEntry, b: DirectoryEntry) => a.displayName.localeCompare(b.displayName);

/** The query as a $search term: quotes and backslashes would end the quoted term early, so they become spaces. */
function searchTerm(q: string): string {
  return q.replace(/["\\]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** A $search asking each field for the term: `"displayName:ada" OR "mail:ada"` (each word matched from its start). */
function searchClause(fields: readonly string[], term: string): string {
  return fields.map((field) => `"${field}:${term}"`).join(' OR ');
}

/**
 * The organisation's directory through Microsoft Graph on behalf of the caller, so that it shows what they may see.
 * Users and groups are searched in parallel; only security groups are offered, as only they reach tokens' `groups`
 * claim (the app registration's groupMembershipClaims is SecurityGroup), so only they grant anything.
 */
export function createGraphDirectory(graph: GraphClient): Directory {
  const top = String(DIRECTORY_RESULTS_MAX);
  const searchScopes = DIRECTORY_SEARCH_PERMISSIONS.map((permission) => graph.scope(permission));
  const resolveScopes = DIRECTORY_RESOLVE_PERMISSIONS.map((permission) => graph.scope(permission));
  const searchUsers = async (caller: GraphUser, term: string) =>
    (
      await graph.request<GraphPage<GraphDirectoryObject>>(caller, {
        path: '/users',
        query: { $search: searchClause(['displayName', 'mail'], term), $select: 'id,displayName,mail,userPrincipalName', $top: top },
        headers: ADVANCED_QUERY,
        scopes: searchScopes,
      })
    ).value.map(userEntry);
  const searchGroups = async (caller: GraphUser, term: string) =>
    (
      await graph.request<GraphPage<GraphDirectoryObject>>(caller, {
        path: '/groups',
        query: {
          $search: searchClause(['displayName', 'mail'], term),
          $filter: 'securityEnabled eq true',
          $count: 'true',
          $select: 'id,displayName,description,mail',
          $top: top,
        },
        headers: ADVANCED_QUERY,
        scopes: searchScopes,
      })
    ).value.map(groupEntry);

  return {
    async search(caller, { q, kind }) {
      const term = searchTerm(q);
      if (term === '') return [];
      const [users, groups] = await Promise.all([
        kind === 'group' ? [] : searchUsers(caller, term),
        kind === 'user' ? [] : searchGroups(caller, term),
      ]);
      return mergeKinds(users.sort(byName), groups.sort(byName), DIRECTORY_RESULTS_MAX);
    },

    async resolve(caller, ids) {
      // Graph refuses the whole request for one id that is not an object id.
      const objectIds = ids.filter(isObjectId);
      if (objectIds.length === 0) return [];
      const found = await graph.request<GraphPage<GraphDirectoryObject>>(caller, {
        method: 'POST',
        path: '/directoryObjects/getByIds',
        body: { ids: objectIds, types: ['user', 'group'] },
        scopes: resolveScopes,
      });
      return found.value.flatMap((object) => {
        if (object['@odata.type'] === '#microsoft.graph.user') return [userEntry(object)];
        if (object['@odata.type'] === '#microsoft.graph.group') return [groupEntry(object)];
        return [];
      });
    },
  };
}

/** The ids of every group the user is in, directly or through other groups: what Entra left out of an overage token. */
export function graphMemberGroups(graph: GraphClient): (user: GraphUser) => Promise<string[]> {
  const scopes = MEMBER_GROUPS_PERMISSIONS.map((permission) => graph.scope(permission));
  return async (user) => {
    const ids: string[] = [];
    let path = '/me/transitiveMemberOf/microsoft.graph.group';
    for (let pages = 1; ; pages++) {
      const page = await graph.request<GraphPage<{ id: string }>>(user, {
        path,
        // The first page's query; a next link carries its own.
        ...(pages === 1 ? { query: { $select: 'id', $top: '999', $count: 'true' } } : {}),
        headers: ADVANCED_QUERY,
        scopes,
      });
      ids.push(...page.value.map((group) => group.id.toLowerCase()));
      const next = page['@odata.nextLink'];
      if (!next) return ids;
      if (pages >= MEMBER_GROUPS_PAGES_MAX) throw new Error(`More than ${MEMBER_GROUPS_PAGES_MAX} pages of groups`);
      path = next;
    }
  };
}
