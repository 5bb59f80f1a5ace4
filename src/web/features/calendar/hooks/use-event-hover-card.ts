import type { EventApi } from '@fullcalendar/react';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** How long the pointer rests on an event before its card shows, and how long the card stays once the pointer leaves. */
const SHOW_DELAY_MS = 500;
const HIDE_DELAY_MS = 300;
/** Focus this soon after a press came from it (a click focuses the event it opens): no card for that. */
const PRESS_FOCUS_MS = 1_000;

/** The card's element carries this attribute: focus moving into it keeps it open. */
export const EVENT_CARD_ATTRIBUTE = 'data-event-card';

/** The event a card is shown for: its element in the calendar, and whether focus (rather than the pointer) opened it. */
export interface HoverCardTarget {
  element: HTMLElement;
  event: EventApi;
  byFocus: boolean;
}

/** The calendar's event of an element's data-event-id. */
export type EventLookup = (eventId: string) => EventApi | null;

const eventElementOf = (target: EventTarget | null) => (target instanceof Element ? target.closest<HTMLElement>('[data-event-id]') : null);
const inCard = (target: EventTarget | null) => target instanceof Element && target.closest(`[${EVENT_CARD_ATTRIBUTE}]`) !== null;

/** The card's first control (its Join button), if it has one. */
const cardControl = () => document.querySelector<HTMLElement>(`[${EVENT_CARD_ATTRIBUTE}] button`);

interface CardListenerParts {
  lookup: EventLookup;
  shown: RefObject<HoverCardTarget | null>;
  dismissed: RefObject<HTMLElement | null>;
  show(target: HoverCardTarget | null, delayMs: number): void;
  hide(): void;
  dismiss(element: HTMLElement): void;
}

/** The calendar's listeners: pointer rests and leaves, focus in and out, Esc, and Tab from a focused event into its card. */
function cardListeners({ lookup, shown, dismissed, show, hide, dismiss }: CardListenerParts) {
  let pressedAt = -Infinity;
  const targetOf = (element: HTMLElement | null, byFocus: boolean): HoverCardTarget | null => {
    const event = element?.dataset.eventId ? lookup(element.dataset.eventId) : null;
    return element && event ? { element, event, byFocus } : null;
  };
  return {
    pointerover: (event: PointerEvent) => {
      const element = eventElementOf(event.target);
      if (!element || event.pointerType === 'touch') return hide();
      if (shown.current?.element !== element) show(targetOf(element, false), SHOW_DELAY_MS);
    },
    pointerleave: () => hide(),
    // A press opens the event (or starts a drag): no card comes over what it opens.
    pointerdown: () => {
      pressedAt = performance.now();
      show(null, 0);
    },
    focusin: (event: FocusEvent) => {
      const focused = event.target instanceof HTMLElement && event.target.dataset.eventId ? event.target : null;
      const element = performance.now() - pressedAt < PRESS_FOCUS_MS ? null : focused;
      if (element && element === dismissed.current) return;
      dismissed.current = null;
      show(targetOf(element, true), 0);
    },
    focusout: (event: FocusEvent) => {
      if (!eventElementOf(event.relatedTarget) && !inCard(event.relatedTarget)) show(null, 0);
    },
    keydown: (event: KeyboardEvent) => {
      const current = shown.current;
      if (!current || event.target !== current.element) return;
      if (event.key === 'Escape') return dismiss(current.element);
      const control = event.key === 'Tab' && !event.shiftKey ? cardControl() : null;
      if (!control) return;
      // The card's controls come next in the tab order, as if the card sat right after its event.
      event.preventDefault();
      control.focus();
    },
  };
}

/**
 * Which event's card shows: the event the pointer rests on, or the event focused. Listens on the calendar's element
 * (one set of listeners, nothing per event), so the calendar draws as fast with cards as without. A card closed with
 * Esc (or left by Tab) stays closed for its event until focus goes elsewhere.
 */
export function useEventHoverCard(rootRef: RefObject<HTMLElement | null>, lookup: EventLookup) {
  const [target, setTarget] = useState<HoverCardTarget | null>(null);
  const shown = useRef<HoverCardTarget | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const dismissed = useRef<HTMLElement | null>(null);
  useEffect(() => void (shown.current = target), [target]);
  const show = useCallback((next: HoverCardTarget | null, delayMs: number) => {
    window.clearTimeout(timer.current);
    if (delayMs === 0) setTarget(next);
    else timer.current = window.setTimeout(() => setTarget(next), delayMs);
  }, []);
  const keep = useCallback(() => window.clearTimeout(timer.current), []);
  // A card that focus opened stays while its event has focus, wherever the pointer goes.
  const hide = useCallback(() => show(shown.current?.byFocus ? shown.current : null, HIDE_DELAY_MS), [show]);
  const dismiss = useCallback(
    (element: HTMLElement) => {
      dismissed.current = element;
      show(null, 0);
    },
    [show],
  );

  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const listeners = Object.entries(cardListeners({ lookup, shown, dismissed, show, hide, dismiss })) as [string, EventListener][];
    for (const [type, listener] of listeners) root.addEventListener(type, listener);
    return () => {
      window.clearTimeout(timer.current);
      for (const [type, listener] of listeners) root.removeEventListener(type, listener);
    };
  }, [rootRef, lookup, show, hide, dismiss]);

  // An event drawn anew (a refetch, another view) leaves its old element behind: its card goes with it.
  return { target: target?.element.isConnected ? target : null, keep, hide, dismiss };
}
