import type { CalendarApi, CalendarRef } from '@fullcalendar/react';
import { useCallback, useEffect, useId, useMemo, useRef, type RefCallback, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import { addDays, addMonths } from '../lib/grid-dates.ts';
import { useTimeOfDayOptions } from '../../../lib/time-format.ts';
import { applyTabStop, dayCellOf, dayCells, eventCount, eventElement, isDayLane, tabStopDay } from '../lib/grid-focus.ts';
import { GRID_KEYBOARD_MESSAGES } from '../lib/grid-keyboard-messages.ts';
import { clampSlot, firstSlot, showSlot, slotRange } from '../lib/slot-cursor.ts';
import { SLOT_MINUTES } from './use-tap-to-create.ts';

/** Where focus goes back to in the calendar once a dialog closes. */
export interface FocusReturnTarget {
  /** The event the dialog showed, or the one it saved: focused once it is on the calendar. */
  eventId?: string | null;
  /** What opened the dialog otherwise (a button, a day): focused while the event is awaited, or instead of it. */
  opener?: HTMLElement | null;
}

export interface GridKeyboard {
  /** For a hidden element (with descriptionId) that tells how many events the focused day holds. */
  describeWith: RefCallback<HTMLElement>;
  descriptionId: string;
  restoreFocus(target: FocusReturnTarget): void;
  /** Asks to create an event on the day focus is on (or in); false when focus is on none. */
  createAtFocus(): boolean;
}

interface FocusState {
  /** The grid's tab stop: a month's day, or a time grid's. */
  day: string | null;
  /** In a time grid, the slot of the day with focus: minutes into the day. */
  slot: number | null;
  /** A day the arrows went to beyond the grid shown: focused once the grid shows it. */
  moveTo: string | null;
  /** The period shown, to notice the grid changing. */
  period: string;
  /** An event awaited (just created, say): focused when it shows, if focus is still where it waits. */
  pending: { eventId: string; interim: Element | null; until: number; retry?: ReturnType<typeof setTimeout> } | null;
  /** What had focus in the calendar: when a new render takes it away, its successor gets focus. */
  last: { element: HTMLElement; eventId: string | undefined; day: string | undefined } | null;
}

const PENDING_MS = 10_000;
/** How soon an awaited event that is in the page but not yet focusable is tried again. */
const SETTLE_RETRY_MS = 50;
const MOVES: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** The day a key moves to from a day of the grid, or null for other keys. */
function dayFor(key: string, cell: HTMLElement, rtl: boolean): string | null {
  const day = cell.dataset.date ?? '';
  const step = MOVES[key];
  if (step !== undefined) return addDays(day, rtl && Math.abs(step) === 1 ? -step : step);
  if (key === 'PageUp' || key === 'PageDown') return addMonths(day, key === 'PageUp' ? -1 : 1);
  if (key !== 'Home' && key !== 'End') return null;
  const week = [...(cell.closest('[role=row]')?.querySelectorAll<HTMLElement>('[data-date]') ?? [])];
  return (key === 'Home' ? week[0] : week.at(-1))?.dataset.date ?? null;
}

const focusable = (element: Element | null | undefined): element is HTMLElement =>
  element instanceof HTMLElement && element.isConnected && element !== document.body && element.tabIndex >= 0;

/** What focus falls back to: the grid's tab stop, else the first event, else the toolbar's first button. */
function fallbackFocus(root: HTMLElement, api: CalendarApi, s: FocusState): HTMLElement | null {
  const cell = dayCells(root, api).find((candidate) => candidate.dataset.date === s.day);
  return cell ?? root.querySelector<HTMLElement>('[data-event-id]') ?? root.querySelector<HTMLElement>('button');
}

/** Asks to create an event where a day of the grid has focus: the day, or in a time grid its slot. */
function createAt(api: CalendarApi, cell: HTMLElement, s: FocusState): void {
  const day = cell.dataset.date;
  if (!day) return;
  if (isDayLane(cell)) api.select(slotRange(day, s.slot ?? firstSlot(api)));
  else api.select(day);
}

/**
 * The work after each render: the tab stop kept on the grid shown, a day the arrows went to focused, focus a render
 * took away given back, and the focused day's description kept true.
 */
function syncGrid(root: HTMLElement, api: CalendarApi, s: FocusState, describe: (cell: HTMLElement) => void): void {
  const cells = dayCells(root, api);
  const period = `${api.view.type} ${api.view.currentStart.getTime()}`;
  if (period !== s.period) [s.period, s.day] = [period, s.moveTo];
  // A day the arrows went to becomes the tab stop before it takes focus: a Tab straight after reaches its events.
  const moved = s.moveTo ? cells.find((cell) => cell.dataset.date === s.moveTo) : undefined;
  if (moved) [s.moveTo, s.day] = [null, moved.dataset.date ?? null];
  s.day = tabStopDay(api, cells, s.day);
  applyTabStop(cells, s.day);
  moved?.focus();
  settle(root, s);
  recover(root, s, fallbackFocus(root, api, s));
  const focused = document.activeElement instanceof HTMLElement && root.contains(document.activeElement) ? document.activeElement : null;
  if (focused?.getAttribute('role') === 'gridcell') describe(focused);
}

interface GridKeyContext {
  api: CalendarApi;
  s: FocusState;
  canCreate: boolean;
  describe(cell: HTMLElement): void;
  moveTo(day: string): void;
}

/** A key on a day of the grid: Enter creates there, a time grid's Up and Down move its slot, the rest move the day. */
function onGridKey(event: KeyboardEvent, root: HTMLElement, { api, s, canCreate, describe, moveTo }: GridKeyContext): void {
  const cell = event.target instanceof HTMLElement && event.target.getAttribute('role') === 'gridcell' ? event.target : null;
  if (!cell?.dataset.date || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.key === 'Enter') {
    event.preventDefault();
    if (canCreate) createAt(api, cell, s);
    return;
  }
  if (isDayLane(cell) && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
    event.preventDefault();
    const slot = s.slot ?? firstSlot(api);
    s.slot = clampSlot(slot + (event.key === 'ArrowUp' ? -SLOT_MINUTES : SLOT_MINUTES));
    describe(cell);
    return;
  }
  const day = dayFor(event.key, cell, getComputedStyle(root).direction === 'rtl');
  if (day === null) return;
  event.preventDefault();
  moveTo(day);
}

interface GridWatch {
  onKeyDown(event: KeyboardEvent): void;
  /** Focus came to an element of the grid: true when it is a day, whose grid is then brought up to date. */
  onFocusIn(target: HTMLElement): boolean;
  /** The grid changed (a render): its work waits for a task after it, once however many changes came. */
  sync(): void;
  s: FocusState;
}

/** Listens to the grid's keys, focus and renders, and to pointers anywhere; returns what stops it. */
function watchGrid(root: HTMLElement, { onKeyDown, onFocusIn, sync, s }: GridWatch): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      sync();
    }, 0);
  };
  const focusIn = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && onFocusIn(event.target)) schedule();
  };
  // Focus the user moved elsewhere themselves is theirs: nothing is brought back to the calendar after that.
  const focusOut = (event: FocusEvent) => {
    if (event.relatedTarget instanceof Node && !root.contains(event.relatedTarget)) s.last = null;
  };
  const pointerDown = () => {
    s.last = null;
    s.pending = null;
  };
  const observer = new MutationObserver(schedule);
  observer.observe(root, { childList: true, subtree: true });
  root.addEventListener('keydown', onKeyDown);
  root.addEventListener('focusin', focusIn);
  root.addEventListener('focusout', focusOut);
  document.addEventListener('pointerdown', pointerDown, true);
  schedule();
  return () => {
    clearTimeout(timer);
    observer.disconnect();
    root.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('focusin', focusIn);
    root.removeEventListener('focusout', focusOut);
    document.removeEventListener('pointerdown', pointerDown, true);
  };
}

/**
 * The focused day's description: how many events it holds (kept true as events come and go). A time grid's day is
 * named by its slot ("Tuesday, November 24, 9:00 AM"), which its band shows.
 */
function useDayDescription(rootRef: RefObject<HTMLElement | null>, apiOf: () => CalendarApi | null, state: RefObject<FocusState>) {
  const intl = useIntl();
  const descriptionRef = useRef<HTMLElement | null>(null);
  const describeWith = useCallback((element: HTMLElement | null) => {
    descriptionRef.current = element;
  }, []);
  const descriptionId = useId();
  const timeOfDay = useTimeOfDayOptions();
  const describe = useCallback(
    (cell: HTMLElement) => {
      const root = rootRef.current;
      const api = apiOf();
      const day = cell.dataset.date;
      if (!root || !api || !descriptionRef.current || !day) return;
      descriptionRef.current.textContent = intl.formatMessage(GRID_KEYBOARD_MESSAGES.dayEvents, { count: eventCount(api, day) });
      root.querySelectorAll(`[aria-describedby="${CSS.escape(descriptionId)}"]`).forEach((other) => other.removeAttribute('aria-describedby'));
      cell.setAttribute('aria-describedby', descriptionId);
      if (!isDayLane(cell)) return;
      const slot = (state.current.slot ??= firstSlot(api));
      const [year, month, date] = day.split('-').map(Number) as [number, number, number];
      const wallClock = Date.UTC(year, month - 1, date, Math.floor(slot / 60), slot % 60);
      cell.setAttribute('aria-label', intl.formatDate(wallClock, { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', ...timeOfDay }));
      showSlot(root, cell, slot);
    },
    [rootRef, apiOf, state, intl, descriptionId, timeOfDay],
  );
  return { describeWith, descriptionId, describe };
}

/**
 * The month grid by keyboard: one tab stop (a day) moved by the arrows, Home and End (the week's ends), Page Up and
 * Page Down (a month), Enter to create an event that day; Tab goes on into the day's events. Focus also survives
 * FullCalendar's re-renders (a refetch replaces an event's element) and comes back after dialogs (restoreFocus).
 * The work waits for a task after each render: nothing of it delays the first events' paint.
 */
export function useGridKeyboard(rootRef: RefObject<HTMLElement | null>, calendarRef: RefObject<CalendarRef | null>, canCreate: boolean): GridKeyboard {
  const state = useRef<FocusState>({ day: null, slot: null, moveTo: null, period: '', pending: null, last: null });
  const apiOf = useCallback(() => calendarRef.current?.getApi() ?? null, [calendarRef]);
  const { describeWith, descriptionId, describe } = useDayDescription(rootRef, apiOf, state);
  const sync = useCallback(() => {
    const root = rootRef.current;
    const api = apiOf();
    if (root && api) syncGrid(root, api, state.current, describe);
  }, [rootRef, apiOf, describe]);
  const moveTo = useCallback(
    (day: string) => {
      const root = rootRef.current;
      const api = apiOf();
      if (!root || !api) return;
      state.current.moveTo = day;
      if (dayCells(root, api).some((candidate) => candidate.dataset.date === day)) sync();
      else api.gotoDate(day);
    },
    [rootRef, apiOf, sync],
  );
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const s = state.current;
    const onKeyDown = (event: KeyboardEvent) => {
      const api = apiOf();
      if (api) onGridKey(event, root, { api, s, canCreate, describe, moveTo });
    };
    const onFocusIn = (target: HTMLElement) => {
      const cell = dayCellOf(target);
      s.last = { element: target, eventId: target.closest<HTMLElement>('[data-event-id]')?.dataset.eventId, day: cell?.dataset.date };
      if (!cell?.dataset.date || cell.getAttribute('role') !== 'gridcell') return false;
      s.day = cell.dataset.date;
      describe(cell);
      return true;
    };
    return watchGrid(root, { onKeyDown, onFocusIn, sync, s });
  }, [rootRef, apiOf, sync, moveTo, canCreate, describe]);
  const restoreFocus = useCallback(
    ({ eventId, opener }: FocusReturnTarget) => {
      const root = rootRef.current;
      const api = apiOf();
      if (!root || !api) return;
      const event = eventId ? eventElement(root, eventId) : null;
      const target = event ?? (focusable(opener) ? opener : fallbackFocus(root, api, state.current));
      target?.focus();
      state.current.pending = eventId && !event ? { eventId, interim: target, until: Date.now() + PENDING_MS } : null;
    },
    [rootRef, apiOf],
  );
  const createAtFocus = useCallback(() => {
    const root = rootRef.current;
    const api = apiOf();
    const cell = root?.contains(document.activeElement) ? dayCellOf(document.activeElement) : null;
    if (!api || !cell?.dataset.date) return false;
    createAt(api, cell, state.current);
    return true;
  }, [rootRef, apiOf]);
  return useMemo(() => ({ describeWith, descriptionId, restoreFocus, createAtFocus }), [describeWith, descriptionId, restoreFocus, createAtFocus]);
}

/** An awaited event that now shows gets focus, if focus is still where it waited. */
function settle(root: HTMLElement, s: FocusState): void {
  const { pending } = s;
  if (!pending) return;
  if (Date.now() > pending.until) {
    s.pending = null;
    return;
  }
  const event = eventElement(root, pending.eventId);
  const waiting = document.activeElement === pending.interim || document.activeElement === document.body;
  if (!event || !waiting) return;
  event.focus();
  // FullCalendar hides an event until it has placed it, and a hidden element takes no focus: try again shortly.
  if (document.activeElement === event) {
    s.pending = null;
    return;
  }
  pending.retry ??= setTimeout(() => {
    pending.retry = undefined;
    settle(root, s);
  }, SETTLE_RETRY_MS);
}

/** Focus a render took away (its element replaced or gone) goes to the same event's new element, else its day. */
function recover(root: HTMLElement, s: FocusState, otherwise: HTMLElement | null): void {
  const { last } = s;
  if (!last || last.element.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
  const day = last.day ? root.querySelector<HTMLElement>(`[data-date="${CSS.escape(last.day)}"][role=gridcell]`) : null;
  const successor = [last.eventId ? eventElement(root, last.eventId) : null, day, otherwise].find(focusable);
  successor?.focus();
}
