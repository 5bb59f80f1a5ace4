import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useIntl } from 'react-intl';
import type { UserSettings, UserSettingsPatch, VersionedSettings } from '../../../shared/user-settings-schema.ts';
import type { Me } from '../../../shared/user.ts';
import { useAuth } from '../../auth/auth-context.ts';
import { useApiClient } from '../../auth/use-api-client.ts';
import { useNotify } from '../../components/notifications.tsx';
import { isApiStatus, type ApiClient } from '../api-client.ts';
import { errorMessage } from '../error-message.ts';
import { takeDeviceSettings } from './device-settings.ts';
import { getUserSettings } from './get-user-settings.ts';
import { updateUserSettings } from './update-user-settings.ts';
import { USER_SETTINGS_MESSAGES } from './user-settings-messages.ts';

const settingsKey = (me: Me) => ['user-settings', me.tenantId, me.id] as const;

/** The signed-in person's settings: from their profile at first, then as they change them here. */
export function useUserSettings(): UserSettings {
  const { me } = useAuth();
  const api = useApiClient();
  return useQuery({ queryKey: settingsKey(me), queryFn: () => getUserSettings(api), initialData: me.settings, staleTime: Infinity }).data.values;
}

/** A person's changes on their way to the server, one after another, and what the server last said. */
interface Saving {
  queue: Promise<void>;
  patches: UserSettingsPatch[];
  server: VersionedSettings;
}

// By person: every component that changes settings shares the queue, so no two of this tab's changes race.
const savings = new Map<string, Saving>();

const withPatches = (saved: VersionedSettings, patches: readonly UserSettingsPatch[]): VersionedSettings => ({
  version: saved.version,
  values: Object.assign({}, saved.values, ...patches) as UserSettings,
});

/**
 * Saves one change, based on the version the server last gave; a change made elsewhere meanwhile (412) is read in
 * and this one applied over it, once. What shows is always the server's settings with the changes still to save.
 */
async function save(api: ApiClient, saving: Saving, patch: UserSettingsPatch, show: (settings: VersionedSettings) => void): Promise<void> {
  const later = () => saving.patches.slice(saving.patches.indexOf(patch) + 1);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        saving.server = await updateUserSettings(api, patch, saving.server.version);
        return show(withPatches(saving.server, later()));
      } catch (error) {
        if (attempt > 0 || !isApiStatus(error, 412)) throw error;
        saving.server = await getUserSettings(api);
      }
    }
  } catch (error) {
    // Not saved: what the server has shows again, with the changes after this one.
    show(withPatches(saving.server, later()));
    throw error;
  } finally {
    saving.patches.splice(saving.patches.indexOf(patch), 1);
  }
}

function savingFor(queryClient: QueryClient, me: Me): Saving {
  const id = settingsKey(me).join('/');
  let saving = savings.get(id);
  if (!saving) {
    saving = { queue: Promise.resolve(), patches: [], server: queryClient.getQueryData<VersionedSettings>(settingsKey(me)) ?? me.settings };
    savings.set(id, saving);
  }
  return saving;
}

/** Changes some of the signed-in person's settings: on screen at once, then saved; a failure is told in a toast. */
export function useChangeUserSettings(): (patch: UserSettingsPatch) => void {
  const { me } = useAuth();
  const api = useApiClient();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const intl = useIntl();
  return useCallback(
    (patch: UserSettingsPatch) => {
      const key = settingsKey(me);
      const show = (settings: VersionedSettings) => queryClient.setQueryData(key, settings);
      const saving = savingFor(queryClient, me);
      saving.patches.push(patch);
      show(withPatches(saving.server, saving.patches));
      saving.queue = saving.queue
        .then(() => save(api, saving, patch, show))
        .catch((error: unknown) => notify.error(intl.formatMessage(USER_SETTINGS_MESSAGES.saveFailed), errorMessage(error, intl)));
    },
    [me, api, queryClient, notify, intl],
  );
}

/**
 * Carries settings an earlier build kept on this device over to the person's settings, once, when they have none
 * stored yet (version 0); either way the device's copy goes.
 */
export function useDeviceSettingsCarriedOver(): void {
  const { me } = useAuth();
  const change = useChangeUserSettings();
  useEffect(() => {
    void takeDeviceSettings().then((kept) => {
      if (kept && me.settings.version === 0) change(kept);
    });
  }, [me, change]);
}
