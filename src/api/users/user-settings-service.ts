import { settingsFromStorage, type UserSettingsPatch, type VersionedSettings } from '../../shared/user-settings-schema.ts';
import type { Principal } from '../auth/principal.ts';
import type { ExpectedVersion, Store } from '../stores/repository.ts';

/** A person's own settings: each caller reads and changes theirs alone, so there is nobody else's to ask about. */
export interface UserSettingsService {
  get(principal: Principal): Promise<VersionedSettings>;
  /** Changes the named settings, the others kept; `expected` is the version read (0 for none stored yet). */
  update(principal: Principal, patch: UserSettingsPatch, expected: ExpectedVersion): Promise<VersionedSettings>;
}

export function createUserSettingsService(store: Store): UserSettingsService {
  const get = async ({ tenantId, id: userId }: Principal): Promise<VersionedSettings> => {
    const stored = await store.userSettings.get({ tenantId, userId });
    return { values: settingsFromStorage(stored?.values), version: stored?.version ?? 0 };
  };
  return {
    get,
    async update(principal, patch, expected) {
      const current = await get(principal);
      // The store checks the version again as it writes: a write in between fails this one with 412.
      const values = { ...current.values, ...patch };
      return store.userSettings.put({ tenantId: principal.tenantId, userId: principal.id, values, expected });
    },
  };
}
