import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { useHostState } from './host-context.tsx';
import type * as TeamsThemeModule from './teams-themes.ts';

export interface HostTheme {
  theme: Theme;
  /** For native controls (date pickers, scrollbars), which follow CSS color-scheme. */
  colorScheme: 'light' | 'dark';
}

const WEB_LIGHT: HostTheme = { theme: webLightTheme, colorScheme: 'light' };
const WEB_DARK: HostTheme = { theme: webDarkTheme, colorScheme: 'dark' };

type TeamsThemes = typeof TeamsThemeModule;

let loadedTeamsThemes: TeamsThemes | null = null;

/** Teams's themes once their chunk is in: asked for only when wanted. Until then (or should it fail), null. */
function useTeamsThemes(wanted: boolean): TeamsThemes | null {
  const [themes, setThemes] = useState(loadedTeamsThemes);
  useEffect(() => {
    if (!wanted || themes !== null) return;
    let current = true;
    import('./teams-themes.ts').then(
      (module) => {
        loadedTeamsThemes = module;
        if (current) setThemes(module);
      },
      // The web theme stays: the app works in it, only less like its host.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [wanted, themes]);
  return themes;
}

/**
 * The one place that decides the app's theme: Teams's theme, live; SharePoint's light theme (its pages are
 * light whatever the context says); the system's colour scheme, live, everywhere else. When the system forces
 * its own colours, the high-contrast theme keeps what it does not force (shadows, fills) in keeping. Teams's themes
 * load with the host's detection, so the web theme shows only while the host says "Loading…".
 */
export function useHostTheme(): HostTheme {
  const { state, teamsTheme } = useHostState();
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)');
  const forcedColors = useMediaQuery('(forced-colors: active)');
  const kind = state.status === 'ready' ? state.api.host.kind : 'standalone';
  const inTeams = kind === 'teams-channel' || kind === 'teams-personal';
  const teams = useTeamsThemes(forcedColors || inTeams);
  const web = prefersDark ? WEB_DARK : WEB_LIGHT;
  if (forcedColors) return teams?.TEAMS_CONTRAST ?? web;
  if (kind === 'sharepoint') return WEB_LIGHT;
  if (inTeams) return teams ? (teams.TEAMS_THEMES[teamsTheme] ?? teams.TEAMS_LIGHT) : web;
  return web;
}
