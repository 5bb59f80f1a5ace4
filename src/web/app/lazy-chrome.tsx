import { lazy, Suspense, type ComponentProps, type ReactNode } from 'react';

// The header's commands and the panel's contents come just after the calendar's first events (see AppShell), and
// their code with them: with the menu, tooltips, checkboxes and select they bring, the first screen would otherwise
// fetch and evaluate it before it can draw its events. Each waits in the place its fallback keeps for it.

const loadHeaderCommands = () => import('./header-commands.tsx');
const loadPanelContents = () => import('./panel-contents.tsx');

const LazyPanelToggle = lazy(() => loadHeaderCommands().then((module) => ({ default: module.PanelToggle })));
const LazyHeaderCommandButtons = lazy(() => loadHeaderCommands().then((module) => ({ default: module.HeaderCommandButtons })));
const LazyPanelContents = lazy(() => loadPanelContents().then((module) => ({ default: module.PanelContents })));

type WithFallback<P> = P & { fallback: ReactNode };

/** PanelToggle, loaded on first use. */
export function PanelToggle({ fallback, ...props }: WithFallback<ComponentProps<typeof LazyPanelToggle>>) {
  return (
    <Suspense fallback={fallback}>
      <LazyPanelToggle {...props} />
    </Suspense>
  );
}

/** HeaderCommandButtons, loaded on first use. */
export function HeaderCommandButtons({ fallback, ...props }: WithFallback<ComponentProps<typeof LazyHeaderCommandButtons>>) {
  return (
    <Suspense fallback={fallback}>
      <LazyHeaderCommandButtons {...props} />
    </Suspense>
  );
}

/** PanelContents, loaded on first use. */
export function PanelContents(props: ComponentProps<typeof LazyPanelContents>) {
  return (
    <Suspense fallback={null}>
      <LazyPanelContents {...props} />
    </Suspense>
  );
}
