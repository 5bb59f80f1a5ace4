import { lazyComponent } from '../components/lazy-component.tsx';

// The header's commands and the panel's contents come just after the calendar's first events (see AppShell), and
// their code with them: with the menu, tooltips, checkboxes and select they bring, the first screen would otherwise
// fetch and evaluate it before it can draw its events. Each waits in the place its fallback keeps for it.

const loadHeaderCommands = () => import('./header-commands.tsx');

/** The header's panel toggle (☰ on phones). */
export const PanelToggle = lazyComponent(() => loadHeaderCommands().then((module) => module.PanelToggle));
/** The header's New event, Manage calendars and the account menu. */
export const HeaderCommandButtons = lazyComponent(() => loadHeaderCommands().then((module) => module.HeaderCommandButtons));
/** The side panel's date navigator, calendar list and time zone. */
export const PanelContents = lazyComponent(() => import('./panel-contents.tsx').then((module) => module.PanelContents));
/** The header's search box (on phones, the button that opens it). */
export const HeaderSearchBox = lazyComponent(() => import('../features/search/components/header-search-box.tsx').then((module) => module.HeaderSearchBox));

/** The page's live stream of changes (it renders nothing): opened once the first events are shown, never before. */
export const LiveUpdates = lazyComponent(() => import('../features/live/live-updates.tsx').then((module) => module.LiveUpdates));

/** Fetches the chrome's code; settles when it is here (or failed to come). */
export function preloadChrome(): Promise<void> {
  return Promise.all([PanelToggle.preload(), HeaderCommandButtons.preload(), PanelContents.preload(), HeaderSearchBox.preload()]).then(() => undefined);
}
