import type { FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { Me, Role } from '../../shared/user.ts';
import { canEditCalendar, isAdmin, type Principal } from '../auth/principal.ts';
import { principalOf } from '../plugins/app/authentication.ts';

/** At most this many tenants' calendar editors are remembered for the editor role; the least recently used go first. */
export const ME_TENANTS_CACHED_MAX = 1_000;

/** A tenant's calendars' editor lists, as they stood at the tenant's change version `version`. */
interface TenantEditors {
  version: string;
  editors: readonly (readonly string[])[];
}

export default async function meRoutes(app: FastifyInstance) {
  const cached = new LRUCache<string, TenantEditors>({ max: ME_TENANTS_CACHED_MAX });

  /**
   * Every calendar's editors, listed again only when a write has changed the tenant since: the version is one cheap
   * read, where listing the calendars is a query over the tenant's. Read before the list, so a list kept under a
   * version holds every write acknowledged by then (see ChangeVersions).
   */
  async function calendarEditors(principal: Principal): Promise<TenantEditors['editors']> {
    const version = await app.store.changes.version({ tenantId: principal.tenantId });
    const hit = cached.get(principal.tenantId);
    if (hit?.version === version) return hit.editors;
    const editors = (await app.calendarService.list(principal)).map((calendar) => calendar.editors);
    cached.set(principal.tenantId, { version, editors });
    return editors;
  }

  // Its body is always far under the compression threshold: the compression hooks would only look and pass.
  app.get('/me', { compress: false }, async (request): Promise<Me> => {
    const principal = principalOf(request);
    const roles: Role[] = ['reader'];
    const editors = await calendarEditors(principal);
    if (editors.some((list) => canEditCalendar(principal, { editors: list }))) roles.push('editor');
    if (isAdmin(principal)) roles.push('admin');
    return { id: principal.id, name: principal.name, tenantId: principal.tenantId, roles };
  });
}
