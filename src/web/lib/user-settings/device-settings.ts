import type { UserSettingsPatch } from '../../../shared/user-settings-schema.ts';

/** Where builds before server-side settings kept them, on each device: read once, then removed. */
export const DEVICE_SETTINGS_KEYS = { viewOptions: 'company-calendar:view-options', timeFormat: 'company-calendar:time-format' } as const;

// Reading may throw where storage is refused (a host's frame with third-party storage blocked).
function readJson(key: string): unknown {
  try {
    const text = localStorage.getItem(key);
    return text === null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** What an earlier build kept on this device, as stored, and removed from it; null when there was none. */
function takeStored(): Record<string, unknown> | null {
  const viewOptions = readJson(DEVICE_SETTINGS_KEYS.viewOptions);
  const timeFormat = readJson(DEVICE_SETTINGS_KEYS.timeFormat);
  if (viewOptions === undefined && timeFormat === undefined) return null;
  try {
    for (const key of Object.values(DEVICE_SETTINGS_KEYS)) localStorage.removeItem(key);
  } catch {
    // Storage refused: it kept nothing either.
    return null;
  }
  return { ...(typeof viewOptions === 'object' ? viewOptions : {}), timeFormat };
}

/**
 * The settings an earlier build kept on this device, as a change (only the valid ones), and removes them at once;
 * null when there were none. The settings' schema (and zod) loads only then, off the first screen's path.
 */
export async function takeDeviceSettings(): Promise<UserSettingsPatch | null> {
  const stored = takeStored();
  if (stored === null) return null;
  const { userSettingsSchema } = await import('../../../shared/user-settings-schema.ts');
  const shape: Record<string, { safeParse(value: unknown): { success: boolean } }> = userSettingsSchema.shape;
  const valid = Object.entries(stored).filter(([field, value]) => shape[field]?.safeParse(value).success === true);
  return valid.length > 0 ? (Object.fromEntries(valid) as UserSettingsPatch) : null;
}
