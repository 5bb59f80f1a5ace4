// Fluent's focus library, tabster, puts focus sentinels ("dummy inputs", `<i tabindex="0" aria-hidden="true"
// data-tabster-dummy>`) around its arrow-key groups (the date picker's grid, tab lists, toolbars), around dialogs
// and at the page's ends. A Tab press that lands on one is sent on by tabster to where focus belongs: into a group
// at its remembered item, round a dialog's trap, out of the page. They are hidden from screen readers, yet in the tab
// order at rest: what axe's aria-hidden-focus rule fails (an element hidden from screen readers that Tab can reach).
// They need to be in the tab order only while the browser moves focus for a Tab press, so here they are kept out of
// it (tabindex -1, focusable but not tabbable, which the rule passes) except for that one task: each sentinel's
// tabIndex, as tabster sets and reads it, is kept aside, and given to the element for the length of a Tab press.
// Tabster's own modes were weighed (see README, Accessibility): its controlled mode drops the groups' sentinels but
// takes every Tab press away from the components' own handlers, which Fluent's comboboxes and menus and the event
// card rely on.

const SENTINEL_ATTRIBUTE = 'data-tabster-dummy';
const NOT_TABBABLE = -1;

const elementTabIndex = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'tabIndex')!;

/** Keeps tabster's sentinels out of the tab order but for Tab presses, from now on. */
export function keepTabsterSentinelsOutOfTabOrder(): void {
  const tabsterTabIndex = new WeakMap<HTMLElement, number>();
  let tabPressed = false;

  const show = (sentinel: HTMLElement) =>
    elementTabIndex.set!.call(sentinel, tabPressed ? tabsterTabIndex.get(sentinel) : NOT_TABBABLE);

  // Tabster writes and reads `tabIndex` (never the attribute): the sentinel's own property keeps tabster's value.
  const adopt = (sentinel: HTMLElement) => {
    if (tabsterTabIndex.has(sentinel)) return;
    tabsterTabIndex.set(sentinel, elementTabIndex.get!.call(sentinel) as number);
    Object.defineProperty(sentinel, 'tabIndex', {
      configurable: true,
      get: () => tabsterTabIndex.get(sentinel),
      set: (value: number) => {
        tabsterTabIndex.set(sentinel, value);
        show(sentinel);
      },
    });
    show(sentinel);
  };

  const showAll = () => {
    for (const sentinel of document.querySelectorAll<HTMLElement>(`[${SENTINEL_ATTRIBUTE}]`)) {
      adopt(sentinel);
      show(sentinel);
    }
  };

  // Tabster makes a sentinel whole (attribute, tabIndex) before it puts it in the page, and puts it in on its own.
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) if (node instanceof HTMLElement && node.hasAttribute(SENTINEL_ATTRIBUTE)) adopt(node);
    }
  }).observe(document, { childList: true, subtree: true });

  // Before tabster's own keydown handler (added later, when Fluent first renders), so the sentinels it adds or moves
  // to while handling the press are tabbable too. The browser moves focus after the keydown's handlers, in the same
  // task: the next task puts the sentinels back out.
  let pressEnd: number | undefined;
  window.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab') return;
      tabPressed = true;
      showAll();
      window.clearTimeout(pressEnd);
      pressEnd = window.setTimeout(() => {
        tabPressed = false;
        showAll();
      });
    },
    true,
  );
}
