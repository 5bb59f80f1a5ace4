import { describe, expect, test } from 'vitest';
import { DEFAULT_USER_SETTINGS, settingsFromStorage, userSettingsPatchSchema, userSettingsSchema } from '../../src/shared/user-settings-schema.ts';

describe('a person’s settings', () => {
  test('are the locale’s clock, no week numbers and 08:00–18:00 until they change them', () => {
    expect(DEFAULT_USER_SETTINGS).toEqual({ timeFormat: 'locale', weekNumbers: false, workingHours: { startHour: 8, endHour: 18 } });
    expect(userSettingsSchema.safeParse(DEFAULT_USER_SETTINGS).success).toBe(true);
  });

  test('read back from storage keep each valid field and default the rest, whatever was stored', () => {
    expect(settingsFromStorage({ timeFormat: 'h23', weekNumbers: 'yes', workingHours: { startHour: 18, endHour: 8 }, retired: 1 })).toEqual({ ...DEFAULT_USER_SETTINGS, timeFormat: 'h23' });
    expect(settingsFromStorage({ weekNumbers: true, workingHours: { startHour: 0, endHour: 24 } })).toEqual({ ...DEFAULT_USER_SETTINGS, weekNumbers: true, workingHours: { startHour: 0, endHour: 24 } });
    for (const stored of [null, undefined, 'x', 42, []]) expect(settingsFromStorage(stored)).toEqual(DEFAULT_USER_SETTINGS);
  });

  test('change one or more at a time, each whole and valid, and nothing unknown', () => {
    expect(userSettingsPatchSchema.safeParse({ weekNumbers: true }).success).toBe(true);
    expect(userSettingsPatchSchema.safeParse({ timeFormat: 'h12', workingHours: { startHour: 0, endHour: 1 } }).success).toBe(true);
    for (const patch of [{}, { theme: 'dark' }, { workingHours: { startHour: 9 } }, { workingHours: { startHour: 9, endHour: 9 } }, { workingHours: { startHour: -1, endHour: 9 } }, { timeFormat: 'h24' }]) {
      expect(userSettingsPatchSchema.safeParse(patch).success, JSON.stringify(patch)).toBe(false);
    }
  });
});
