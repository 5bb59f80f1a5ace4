import type { UserSettingsPatch, VersionedSettings } from '../../../shared/user-settings-schema.ts';
import type { ApiClient } from '../api-client.ts';

/** Changes the named settings, based on `version` (If-Match): someone else's change since fails it with 412. */
export async function updateUserSettings(api: ApiClient, patch: UserSettingsPatch, version: number): Promise<VersionedSettings> {
  return (await api.request<VersionedSettings>('/me/settings', { method: 'PATCH', body: patch, ifMatch: version })).data;
}
