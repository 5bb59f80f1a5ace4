import { lazyPart } from '../components/lazy-part.tsx';

/** The "Keyboard shortcuts" dialog, loaded when first asked for; should its code not come, nothing opens. */
export const KeyboardShortcutsDialog = lazyPart<{ onClose(): void }>(
  () => import('./keyboard-shortcuts-dialog.tsx').then((module) => module.KeyboardShortcutsDialog),
  () => null,
);
