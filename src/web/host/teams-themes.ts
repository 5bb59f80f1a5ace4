import { teamsDarkTheme, teamsHighContrastTheme, teamsLightTheme } from '@fluentui/react-components';
import type { HostTheme } from './use-host-theme.ts';

// Teams's themes, and the high-contrast one forced colours use: a chunk of their own, as a standalone page in the
// system's colours (the usual case) needs neither.

export const TEAMS_LIGHT: HostTheme = { theme: teamsLightTheme, colorScheme: 'light' };
const TEAMS_DARK: HostTheme = { theme: teamsDarkTheme, colorScheme: 'dark' };
export const TEAMS_CONTRAST: HostTheme = { theme: teamsHighContrastTheme, colorScheme: 'dark' };

/** Teams's theme names; anything else (a future theme) falls back to light. */
export const TEAMS_THEMES: Record<string, HostTheme> = { default: TEAMS_LIGHT, dark: TEAMS_DARK, contrast: TEAMS_CONTRAST };
