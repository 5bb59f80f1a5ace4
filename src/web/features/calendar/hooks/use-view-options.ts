import { useMemo } from 'react';
import { useChangeUserSettings, useUserSettings } from '../../../lib/user-settings/use-user-settings.ts';
import type { ViewOptions } from '../lib/view-options.ts';

/** The user's view options (their settings), and a change to some of them, shared by everything that shows or sets them. */
export function useViewOptions(): [ViewOptions, (change: Partial<ViewOptions>) => void] {
  const { weekNumbers, workingHours } = useUserSettings();
  // The same object while they stay the same: the calendar's options are compared by identity.
  const options = useMemo(() => ({ weekNumbers, workingHours }), [weekNumbers, workingHours]);
  return [options, useChangeUserSettings()];
}
