import { lazyComponent } from '../../../components/lazy-component.tsx';
import { useEverTrue } from '../../../lib/use-ever-true.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import type { RecurrenceScopeDialogState } from '../hooks/use-recurrence-scope.ts';

// The event dialogs load when first opened, not with the first screen, which shows none of them: with their forms,
// the recurrence editor, the shared schemas (zod) and Fluent's inputs they would be a fair part of its JavaScript.

/** EventDetailsDialog, loaded on first use. */
export const EventDetailsDialog = lazyComponent(() => import('./event-details-dialog.tsx').then((module) => module.EventDetailsDialog));

/** EventFormDialog, loaded on first use. */
export const EventFormDialog = lazyComponent(() => import('./event-form-dialog.tsx').then((module) => module.EventFormDialog));

const LazyScopeDialog = lazyComponent(() => import('./recurrence-scope-dialog.tsx').then((module) => module.RecurrenceScopeDialog));

/** RecurrenceScopeDialog, loaded when first asked: it stays mounted while closed, so it can animate away. */
export function RecurrenceScopeDialog(props: RecurrenceScopeDialogState) {
  if (!useEverTrue(props.open)) return null;
  return <LazyScopeDialog {...props} />;
}

/** Fetches the dialogs' code ahead of the first click, when the page is idle (Safari has no idle callback: soon). */
export function preloadEventDialogs(): void {
  whenIdle(() => void Promise.all([EventDetailsDialog.preload(), EventFormDialog.preload(), LazyScopeDialog.preload()]));
}
