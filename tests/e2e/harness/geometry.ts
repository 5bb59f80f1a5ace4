import type { Page } from 'playwright-core';

/** What a person can press, type in or read as a control's name: the elements whose boxes must not collide. */
const CONTROLS = [
  'a[href]',
  'button',
  'input:not([type=hidden])',
  'select',
  'textarea',
  'label',
  '[role=button]',
  '[role=link]',
  '[role=tab]',
  '[role=menuitem]',
  '[role=checkbox]',
  '[role=switch]',
  '[role=radio]',
  '[role=combobox]',
  '[role=option]',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/** Fluent's fields drawn as one box of several controls: an input and its button, a date picker's calendar icon. */
const FIELD_ROOTS = '.fui-Combobox, .fui-Dropdown, .fui-Input, .fui-SearchBox, .fui-Textarea, .fui-Select, .fui-SpinButton';

/**
 * What is wrong with the layout shown, as sentences naming the elements: the page or the dialog (`scope`, a selector)
 * scrolling sideways; a control outside the viewport or the dialog, or cut off by a box that does not scroll; two
 * controls (or a control and a label) overlapping. Controls scrolled out of a scrolling box are not looked at: they
 * are reached by scrolling.
 */
export function layoutProblems(page: Page, scope: string | null = null): Promise<string[]> {
  return page.evaluate(
    ({ controls, scope, FIELD_ROOTS }) => {
      interface Box {
        left: number;
        right: number;
        top: number;
        bottom: number;
      }
      const problems: string[] = [];
      const root = scope ? document.querySelector<HTMLElement>(scope) : document.documentElement;
      if (!root) return [`${scope} is not shown`];
      const name = (element: Element) =>
        `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} “${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}”`;
      const sideways = (element: HTMLElement) => element.scrollWidth - element.clientWidth;
      if (sideways(document.documentElement) > 1) problems.push(`the page scrolls sideways by ${sideways(document.documentElement)} px`);
      if (scope && sideways(root) > 1) problems.push(`${scope} scrolls sideways by ${sideways(root)} px`);
      const frame: Box = scope ? root.getBoundingClientRect() : { left: 0, right: window.innerWidth, top: 0, bottom: window.innerHeight };

      const intersect = (a: Box, b: Box): Box => ({ left: Math.max(a.left, b.left), right: Math.min(a.right, b.right), top: Math.max(a.top, b.top), bottom: Math.min(a.bottom, b.bottom) });
      const empty = (box: Box) => box.right - box.left < 1 || box.bottom - box.top < 1;
      /** The part of the element its ancestors' clipping leaves, and whether a box that cannot scroll cut it across. */
      const shown = (element: Element): { box: Box; cut: boolean } => {
        const whole = element.getBoundingClientRect();
        let box: Box = whole;
        let cut = false;
        for (let parent = element.parentElement; parent; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const clipped = intersect(box, parent.getBoundingClientRect());
          const scrolls = /auto|scroll/.test(style.overflowX);
          if (!scrolls && !empty(clipped) && clipped.right - clipped.left < whole.width - 1) cut = true;
          box = clipped;
        }
        return { box, cut };
      };

      // Inert controls (a calendar under the search's results) are out of reach, as if not there.
      const found = [...root.querySelectorAll(controls)].filter(
        (element) => element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && !element.closest('[inert]'),
      );
      const boxes: { element: Element; box: Box }[] = [];
      for (const element of found) {
        const { box, cut } = shown(element);
        if (empty(box)) continue;
        if (cut) problems.push(`${name(element)} is cut off`);
        if (box.left < frame.left - 1 || box.right > frame.right + 1) problems.push(`${name(element)} is outside ${scope ?? 'the viewport'} (${Math.round(box.left)}–${Math.round(box.right)} of ${Math.round(frame.left)}–${Math.round(frame.right)})`);
        boxes.push({ element, box });
      }
      // A control inside another, the parts of one field (a combobox's input and its button), or a label and its own
      // control may share their boxes.
      const field = (element: Element) => element.closest(FIELD_ROOTS);
      const related = (a: Element, b: Element) =>
        a.contains(b) ||
        b.contains(a) ||
        (field(a) !== null && field(a) === field(b)) ||
        (a instanceof HTMLLabelElement && a.control === b) ||
        (b instanceof HTMLLabelElement && b.control === a);
      for (const [index, a] of boxes.entries()) {
        for (const b of boxes.slice(index + 1)) {
          if (related(a.element, b.element)) continue;
          const common = intersect(a.box, b.box);
          if (common.right - common.left > 1 && common.bottom - common.top > 1) problems.push(`${name(a.element)} overlaps ${name(b.element)}`);
        }
      }
      return problems;
    },
    { controls: CONTROLS, scope, FIELD_ROOTS },
  );
}
