import { lazy, Suspense, type ComponentProps } from 'react';
import { useEverTrue } from '../../../lib/use-ever-true.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import type { RecurrenceScopeDialogState } from '../hooks/use-recurrence-scope.ts';

// The event dialogs load when first opened, not with the first screen, which shows none of them: with their forms,
// the recurrence editor, the shared schemas (zod) and Fluent's inputs they would be a fair part of its JavaScript.
const loadDetailsDialog = () => import('./event-details-dialog.tsx');
const loadFormDialog = () => import('./event-form-dialog.tsx');
const loadScopeDialog = () => import('./recurrence-scope-dialog.tsx');

const LazyDetailsDialog = lazy(() => loadDetailsDialog().then((module) => ({ default: module.EventDetailsDialog })));
const LazyFormDialog = lazy(() => loadFormDialog().then((module) => ({ default: module.EventFormDialog })));
const LazyScopeDialog = lazy(() => loadScopeDialog().then((module) => ({ default: module.RecurrenceScopeDialog })));

/** Fetches the dialogs' code ahead of the first click, when the page is idle (Safari has no idle callback: soon). */
export function preloadEventDialogs(): void {
  const preload = () => {
    // A failure here is retried by the dialog's own import when it opens.
    for (const load of [loadDetailsDialog, loadFormDialog, loadScopeDialog]) load().catch(() => undefined);
  };
  whenIdle(preload);
}

/** EventDetailsDialog, loaded on first use. */
export function EventDetailsDialog(props: ComponentProps<typeof LazyDetailsDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyDetailsDialog {...props} />
    </Suspense>
  );
}

/** EventFormDialog, loaded on first use. */
export function EventFormDialog(props: ComponentProps<typeof LazyFormDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyFormDialog {...props} />
    </Suspense>
  );
}

/** RecurrenceScopeDialog, loaded when first asked: it stays mounted while closed, so it can animate away. */
export function RecurrenceScopeDialog(props: RecurrenceScopeDialogState) {
  if (!useEverTrue(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <LazyScopeDialog {...props} />
    </Suspense>
  );
}
