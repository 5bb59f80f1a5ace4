import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components';
import { useMediaQuery } from '../lib/use-media-query.ts';

export interface HostTheme {
  theme: Theme;
  /** For native controls (date pickers, scrollbars), which follow CSS color-scheme. */
  colorScheme: 'light' | 'dark';
}

const LIGHT: HostTheme = { theme: webLightTheme, colorScheme: 'light' };
const DARK: HostTheme = { theme: webDarkTheme, colorScheme: 'dark' };

/**
 * The one place that decides the app's theme. For now it follows the system's colour scheme, live;
 * hosts such as Teams will supply their own theme here.
 */
export function useHostTheme(): HostTheme {
  return useMediaQuery('(prefers-color-scheme: dark)') ? DARK : LIGHT;
}
