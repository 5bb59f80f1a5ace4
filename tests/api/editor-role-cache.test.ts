import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalendarService, EDITORS_TENANTS_CACHED_MAX } from '../../src/api/calendars/calendar-service.ts';
import type { Principal } from '../../src/api/auth/principal.ts';
import type { Store } from '../../src/api/stores/repository.ts';
import { DEMO_TENANT_ID } from '../../src/api/auth/dev-identity.ts';
import { build, OTHER_TENANT_ID, type TestServer } from './helpers/test-server.ts';

let api: TestServer;
beforeAll(async () => {
  api = await build();
});
afterAll(() => api.close());

const reader = (tenantId: string): Principal => ({ id: 'riley', name: 'Riley', tenantId, appRoles: [], groups: [] });

/** The server's own store, counting the calendar listings the editor role makes: the cache is what saves them. */
function countingStore(store: Store): { store: Store; listings: () => number } {
  let listings = 0;
  const calendars = { ...store.calendars, list: (params: Parameters<Store['calendars']['list']>[0]) => (listings++, store.calendars.list(params)) };
  return { store: { ...store, calendars }, listings: () => listings };
}

describe('the editor role remembers each tenant\'s calendar editors until the tenant changes', () => {
  it(`remembers ${EDITORS_TENANTS_CACHED_MAX.toLocaleString('en')} tenants by default, so a second ask lists no calendars`, async () => {
    const counting = countingStore(api.server.store);
    const service = createCalendarService(counting.store);
    expect(await service.canEditAny(reader(DEMO_TENANT_ID))).toBe(false);
    expect(await service.canEditAny(reader(DEMO_TENANT_ID))).toBe(false);
    expect(counting.listings()).toBe(1);
  });

  it('forgets the least recently asked tenant past its bound, and lists its calendars again', async () => {
    const counting = countingStore(api.server.store);
    const service = createCalendarService(counting.store, { editorsTenantsCachedMax: 1 });
    await service.canEditAny(reader(DEMO_TENANT_ID));
    await service.canEditAny(reader(OTHER_TENANT_ID));
    await service.canEditAny(reader(OTHER_TENANT_ID));
    expect(counting.listings()).toBe(2);
    await service.canEditAny(reader(DEMO_TENANT_ID));
    expect(counting.listings()).toBe(3);
  });
});
