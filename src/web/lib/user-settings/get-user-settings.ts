import type { VersionedSettings } from '../../../shared/user-settings-schema.ts';
import type { ApiClient } from '../api-client.ts';

export async function getUserSettings(api: ApiClient): Promise<VersionedSettings> {
  return (await api.request<VersionedSettings>('/me/settings')).data;
}
