import { useFocusFinders } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import { MODAL_OPEN } from './keyboard-shortcuts.ts';

/** The attribute that makes an element one of the page's regions, which F6 moves between; its value names it. */
export const REGION_ATTRIBUTE = 'data-region';

/** The page's regions as F6 finds them: in the page, shown, in the page's order. */
function shownRegions(): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>(`[${REGION_ATTRIBUTE}]`)].filter((region) => region.checkVisibility());
}

/**
 * F6 and Shift+F6 move focus to the next and the previous of the page's regions (header, side panel, calendar), round
 * and round, as in Outlook on the web: to where focus last was in that region, else to its first control, or for
 * the region `enter` knows, what it focuses. Not while a dialog is open: its own controls are all there is then.
 */
export function useRegionJump(enter: Readonly<Record<string, () => void>>): void {
  const { findFirstFocusable } = useFocusFinders();
  const latestEnter = useRef(enter);
  useEffect(() => {
    latestEnter.current = enter;
  }, [enter]);
  useEffect(() => {
    const lastFocused = new WeakMap<HTMLElement, HTMLElement>();
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const region = target?.closest<HTMLElement>(`[${REGION_ATTRIBUTE}]`);
      if (target && region) lastFocused.set(region, target);
    };
    const focusIn = (region: HTMLElement) => {
      const last = lastFocused.get(region);
      if (last && region.contains(last) && last.checkVisibility()) return last.focus();
      latestEnter.current[region.getAttribute(REGION_ATTRIBUTE) ?? '']?.();
      if (!region.contains(document.activeElement)) findFirstFocusable(region)?.focus();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F6' || event.ctrlKey || event.metaKey || event.altKey || document.querySelector(MODAL_OPEN)) return;
      const regions = shownRegions();
      if (regions.length === 0) return;
      event.preventDefault();
      const count = regions.length;
      const current = regions.findIndex((region) => region.contains(document.activeElement));
      const step = event.shiftKey ? -1 : 1;
      // From the page's start (or end) when focus is in none; past a region with nothing to focus yet.
      const from = current === -1 ? (event.shiftKey ? 0 : -1) : current;
      for (let moved = 1; moved <= count; moved++) {
        const region = regions[(((from + step * moved) % count) + count) % count]!;
        focusIn(region);
        if (region.contains(document.activeElement)) return;
      }
    };
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [findFirstFocusable]);
}
