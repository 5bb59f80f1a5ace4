import { z } from 'zod';
import { TIME_FORMATS } from './time-formats.ts';

/**
 * A person's settings, kept on the server so they follow them to every device: how times are written, week numbers,
 * and their working day. Each field is defined here once; the API, both stores and the web app's forms take it from
 * here. (The last view shown stays per device, in the browser.)
 */


const hourSchema = z.number().int('Use a whole hour').min(0, 'Use an hour from 0 to 24').max(24, 'Use an hour from 0 to 24');

export const workingHoursSchema = z
  .object({ startHour: hourSchema, endHour: hourSchema })
  .strict()
  .refine(({ startHour, endHour }) => startHour < endHour, { message: 'The working day ends after it starts', path: ['endHour'] });

const settingsFields = {
  timeFormat: z.enum(TIME_FORMATS, { message: `Use one of ${TIME_FORMATS.join(', ')}` }),
  weekNumbers: z.boolean(),
  /** Whole hours, shaded as the working day (Monday to Friday) in the time grids. */
  workingHours: workingHoursSchema,
};

export const userSettingsSchema = z.object(settingsFields).strict();
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PATCH /api/me/settings: the settings to change, each whole; the others stay as they are. */
export const userSettingsPatchSchema = z
  .object(settingsFields)
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, { message: 'Name at least one setting to change' });
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>;

/** The working day until the user sets theirs: 08:00–18:00. */
export const DEFAULT_WORKING_HOURS = { startHour: 8, endHour: 18 } as const;

/** Everyone's settings until they change one. */
export const DEFAULT_USER_SETTINGS: UserSettings = { timeFormat: 'locale', weekNumbers: false, workingHours: DEFAULT_WORKING_HOURS };

/** A person's settings with their version: 0 until they first change one, then one more with each change. */
export interface VersionedSettings {
  values: UserSettings;
  version: number;
}

/**
 * Settings as read back from storage, whatever an older build wrote: each valid field kept, any other (missing,
 * renamed, out of range) at its default. Reading never fails for a setting.
 */
export function settingsFromStorage(stored: unknown): UserSettings {
  const fields = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const settings: Record<string, unknown> = { ...DEFAULT_USER_SETTINGS };
  for (const [key, schema] of Object.entries(settingsFields)) {
    // Most people never set most fields: a failed parse builds an error, which /api/me would pay on every call.
    if (fields[key] === undefined) continue;
    const parsed = schema.safeParse(fields[key]);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as UserSettings;
}
