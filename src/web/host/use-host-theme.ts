import { teamsDarkTheme, teamsHighContrastTheme, teamsLightTheme, webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { useHostState } from './host-context.tsx';

export interface HostTheme {
  theme: Theme;
  /** For native controls (date pickers, scrollbars), which follow CSS color-scheme. */
  colorScheme: 'light' | 'dark';
}

const WEB_LIGHT: HostTheme = { theme: webLightTheme, colorScheme: 'light' };
const WEB_DARK: HostTheme = { theme: webDarkTheme, colorScheme: 'dark' };
const TEAMS_LIGHT: HostTheme = { theme: teamsLightTheme, colorScheme: 'light' };
const TEAMS_DARK: HostTheme = { theme: teamsDarkTheme, colorScheme: 'dark' };
const TEAMS_CONTRAST: HostTheme = { theme: teamsHighContrastTheme, colorScheme: 'dark' };

/** Teams's theme names; anything else (a future theme) falls back to light. */
const TEAMS_THEMES: Record<string, HostTheme> = { default: TEAMS_LIGHT, dark: TEAMS_DARK, contrast: TEAMS_CONTRAST };

/**
 * The one place that decides the app's theme: Teams's theme, live; SharePoint's light theme (its pages are
 * light whatever the context says); the system's colour scheme, live, everywhere else. When the system forces
 * its own colours, the high-contrast theme keeps what it does not force (shadows, fills) in keeping.
 */
export function useHostTheme(): HostTheme {
  const { state, teamsTheme } = useHostState();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const forcedColors = useMediaQuery('(forced-colors: active)');
  if (forcedColors) return TEAMS_CONTRAST;
  const kind = state.status === 'ready' ? state.api.host.kind : 'standalone';
  if (kind === 'sharepoint') return WEB_LIGHT;
  if (kind === 'teams-channel' || kind === 'teams-personal') return TEAMS_THEMES[teamsTheme] ?? TEAMS_LIGHT;
  return prefersDark ? WEB_DARK : WEB_LIGHT;
}
