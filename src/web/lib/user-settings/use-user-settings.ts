import { useCallback, useEffect, useSyncExternalStore } from 'react';
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

/**
 * A person's settings as shown (what the server last said, with the changes still to save), and those changes on
 * their way, one after another. Its own small store rather than a query: a switch or a select must show its new value
 * in the very event that changed it, and a query tells its readers a task later.
 */
interface SettingsStore {
  shown: VersionedSettings;
  server: VersionedSettings;
  queue: Promise<void>;
  patches: UserSettingsPatch[];
  listeners: Set<() => void>;
}

// By person: every component that reads or changes settings shares one store, so no two of this tab's changes race.
const stores = new Map<string, SettingsStore>();

/** The person's store; started from their profile, and again whenever a newer profile (a new session) says more. */
function storeFor(me: Me): SettingsStore {
  const id = `${me.tenantId}/${me.id}`;
  let store = stores.get(id);
  if (!store || (store.patches.length === 0 && me.settings.version > store.server.version)) {
    store = { shown: me.settings, server: me.settings, queue: Promise.resolve(), patches: [], listeners: new Set() };
    stores.set(id, store);
  }
  return store;
}

function show(store: SettingsStore, settings: VersionedSettings): void {
  store.shown = settings;
  for (const listener of store.listeners) listener();
}

const withPatches = (saved: VersionedSettings, patches: readonly UserSettingsPatch[]): VersionedSettings => ({
  version: saved.version,
  values: Object.assign({}, saved.values, ...patches) as UserSettings,
});

/** The signed-in person's settings: from their profile at first, then as they change them here. */
export function useUserSettings(): UserSettings {
  const store = storeFor(useAuth().me);
  const subscribe = useCallback(
    (listener: () => void) => {
      store.listeners.add(listener);
      return () => void store.listeners.delete(listener);
    },
    [store],
  );
  return useSyncExternalStore(subscribe, () => store.shown).values;
}

/**
 * Saves one change, based on the version the server last gave; a change made elsewhere meanwhile (412) is read in
 * and this one applied over it, once. What shows is always the server's settings with the changes still to save.
 */
async function save(api: ApiClient, store: SettingsStore, patch: UserSettingsPatch): Promise<void> {
  const later = () => store.patches.slice(store.patches.indexOf(patch) + 1);
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        store.server = await updateUserSettings(api, patch, store.server.version);
        return show(store, withPatches(store.server, later()));
      } catch (error) {
        if (attempt > 0 || !isApiStatus(error, 412)) throw error;
        store.server = await getUserSettings(api);
      }
    }
  } catch (error) {
    // Not saved: what the server has shows again, with the changes after this one.
    show(store, withPatches(store.server, later()));
    throw error;
  } finally {
    store.patches.splice(store.patches.indexOf(patch), 1);
  }
}

/** Changes some of the signed-in person's settings: on screen at once, then saved; a failure is told in a toast. */
export function useChangeUserSettings(): (patch: UserSettingsPatch) => void {
  const { me } = useAuth();
  const api = useApiClient();
  const notify = useNotify();
  const intl = useIntl();
  return useCallback(
    (patch: UserSettingsPatch) => {
      const store = storeFor(me);
      store.patches.push(patch);
      show(store, withPatches(store.server, store.patches));
      store.queue = store.queue
        .then(() => save(api, store, patch))
        .catch((error: unknown) => notify.error(intl.formatMessage(USER_SETTINGS_MESSAGES.saveFailed), errorMessage(error, intl)));
    },
    [me, api, notify, intl],
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
