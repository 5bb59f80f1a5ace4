import { useEffect, useRef } from 'react';
import { SHORTCUT_MESSAGES } from './shortcut-messages.ts';

/** What a shortcut does. */
export type ShortcutAction = 'today' | 'next' | 'previous' | 'month' | 'week' | 'day' | 'upcoming' | 'create' | 'search' | 'help';

export interface Shortcut {
  /** The keys, as KeyboardEvent.key gives them; each does the same. */
  keys: readonly string[];
  action: ShortcutAction;
  label: (typeof SHORTCUT_MESSAGES)[keyof typeof SHORTCUT_MESSAGES];
}

/** The app's shortcuts, Outlook's and Google Calendar's where they agree; listed in this order in their dialog. */
export const SHORTCUTS: readonly Shortcut[] = [
  { keys: ['t'], action: 'today', label: SHORTCUT_MESSAGES.today },
  { keys: ['n', 'j'], action: 'next', label: SHORTCUT_MESSAGES.next },
  { keys: ['p', 'k'], action: 'previous', label: SHORTCUT_MESSAGES.previous },
  { keys: ['m'], action: 'month', label: SHORTCUT_MESSAGES.month },
  { keys: ['w'], action: 'week', label: SHORTCUT_MESSAGES.week },
  { keys: ['d'], action: 'day', label: SHORTCUT_MESSAGES.day },
  { keys: ['a'], action: 'upcoming', label: SHORTCUT_MESSAGES.upcoming },
  { keys: ['c'], action: 'create', label: SHORTCUT_MESSAGES.create },
  { keys: ['/'], action: 'search', label: SHORTCUT_MESSAGES.search },
  { keys: ['?'], action: 'help', label: SHORTCUT_MESSAGES.help },
];

const ACTION_OF = new Map(SHORTCUTS.flatMap(({ keys, action }) => keys.map((key) => [key, action] as const)));

/** Where a key is the user's typing, not a command: fields, editable text, and widgets that take letters. */
const TYPING_TARGET = 'input, textarea, select, [contenteditable]:not([contenteditable="false"]), [role=combobox], [role=textbox], [role=listbox], [role=menu], [role=menuitem]';
/** A dialog or drawer that has the user's attention: its own keys apply, not the calendar's. */
export const MODAL_OPEN = '[role=dialog][aria-modal=true], [role=alertdialog]';

/** The action a key press asks for, or null: a plain key (no Ctrl, Alt or ⌘), outside fields and open dialogs. */
export function shortcutFor(event: KeyboardEvent): ShortcutAction | null {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing || event.repeat) return null;
  const target = event.target instanceof Element ? event.target : null;
  if (target?.closest(TYPING_TARGET) || document.querySelector(MODAL_OPEN)) return null;
  return ACTION_OF.get(event.key) ?? null;
}

/** Runs the app's action for each shortcut pressed, while mounted. */
export function useKeyboardShortcuts(run: (action: ShortcutAction) => void): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  }, [run]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = shortcutFor(event);
      if (action === null) return;
      event.preventDefault();
      latest.current(action);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
