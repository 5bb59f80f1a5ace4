import { lazyComponent } from '../components/lazy-component.tsx';

/** The "Keyboard shortcuts" dialog, loaded when first asked for; should its code not come, nothing opens. */
export const KeyboardShortcutsDialog = lazyComponent<{ onClose(): void }>(
  () => import('./keyboard-shortcuts-dialog.tsx').then((module) => module.KeyboardShortcutsDialog),
  () => null,
);
