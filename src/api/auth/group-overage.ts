import { LRUCache } from 'lru-cache';
import type { Principal } from './principal.ts';

/** Users whose groups are remembered at once; the least recently seen go first. */
export const GROUP_OVERAGE_USERS_MAX = 10_000;
/** How long a user's groups from Microsoft Graph are used before they are asked for again. */
export const GROUP_OVERAGE_TTL_MS = 10 * 60_000;
/** After a failed lookup the user is treated as in no group for this long, rather than asking Graph on every request. */
export const GROUP_OVERAGE_FAILURE_TTL_MS = 60_000;

/** The ids of every group a user is in, from Microsoft Graph on their behalf (their token is the assertion). */
export type MemberGroupsLookup = (user: { tenantId: string; userId: string; assertion: string }) => Promise<string[]>;

interface Logger {
  warn(object: object, message: string): void;
}

export interface GroupOverage {
  /** The caller with their groups: at once when remembered, else once Graph has answered. */
  withGroups(principal: Principal, assertion: string): Principal | Promise<Principal>;
}

export interface GroupOverageOptions {
  /** Null when Graph is not configured: overage users then get no groups, with a warning. */
  lookup: MemberGroupsLookup | null;
  log: Logger;
  usersMax?: number;
  ttlMs?: number;
  failureTtlMs?: number;
  /** The clock the periods run on, in ms: performance.now() unless a test turns it by hand. */
  now?: () => number;
}

/**
 * Entra ID leaves `groups` out of a token whose user is in more than 200 groups and names a source instead
 * (`_claim_names`); editor-by-group must then learn the groups from Graph. Only such tokens come here: the
 * verifier marks them, so a normal token pays nothing. Groups are remembered per tenant and user, bounded, for
 * GROUP_OVERAGE_TTL_MS; concurrent requests of one user share one lookup. A failure (or no Graph) is logged once
 * per user per period and leaves the user in no group: they read as everyone does and edit what lists them by id.
 */
export function createGroupOverage(options: GroupOverageOptions): GroupOverage {
  const { lookup, log, failureTtlMs = GROUP_OVERAGE_FAILURE_TTL_MS } = options;
  const ttl = options.ttlMs ?? GROUP_OVERAGE_TTL_MS;
  const perf = { now: options.now ?? (() => performance.now()) };
  // ttlResolution 0: the clock is read at every look, not once per real millisecond (which a hand clock never turns).
  const remembered = new LRUCache<string, string[]>({ max: options.usersMax ?? GROUP_OVERAGE_USERS_MAX, ttl, perf, ttlResolution: 0 });
  const pending = new Map<string, Promise<string[]>>();

  function noGroups(key: string, principal: Principal, reason: string, error?: unknown): string[] {
    log.warn({ tenantId: principal.tenantId, userId: principal.id, err: error }, `group overage: ${reason}; the user gets no groups for now`);
    remembered.set(key, [], { ttl: lookup ? failureTtlMs : ttl });
    return [];
  }

  async function lookUp(key: string, principal: Principal, assertion: string): Promise<string[]> {
    if (!lookup) return noGroups(key, principal, 'Microsoft Graph is not configured (GRAPH_CREDENTIAL)');
    try {
      const groups = await lookup({ tenantId: principal.tenantId, userId: principal.id, assertion });
      remembered.set(key, groups);
      return groups;
    } catch (error) {
      return noGroups(key, principal, 'Microsoft Graph did not list the user’s groups', error);
    }
  }

  return {
    withGroups(principal, assertion) {
      const key = `${principal.tenantId}\n${principal.id}`;
      const groups = remembered.get(key);
      if (groups) return { ...principal, groups };
      let running = pending.get(key);
      if (!running) {
        running = lookUp(key, principal, assertion).finally(() => pending.delete(key));
        pending.set(key, running);
      }
      return running.then((found) => ({ ...principal, groups: found }));
    },
  };
}
