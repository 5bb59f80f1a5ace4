import type { DatesSetInfo, LocaleInput } from '@fullcalendar/react';
import { useSyncExternalStore } from 'react';
import { DAY_MS } from '../../../../shared/limits.ts';
import { urlViewOf, type UrlView } from './view-location.ts';

/** What the calendar shows, for the parts of the page that follow it (the mini month, the toolbar's title). */
export interface ShownPeriod {
  /** The calendar's own title for the period, e.g. "November 2026". */
  title: string;
  view: UrlView | null;
  /** The period's first day, YYYY-MM-DD. */
  start: string;
  /** How many days it spans. */
  days: number;
  /** The locale's first day of the week, 0 for Sunday. */
  firstDay: number;
  /** The day of January that always lies in week 1: 1 where week 1 holds 1 January, 4 for ISO weeks. */
  weekOneDay: number;
}

/** A locale's week: its first day (0 for Sunday) and FullCalendar's (moment's) `doy`. */
interface LocaleWeek {
  dow: number;
  doy: number;
}

// FullCalendar's own English, without a locale file: Sunday first, and week 1 holds 3 January.
const ENGLISH_WEEK: LocaleWeek = { dow: 0, doy: 4 };

/** What a calendar that has just set its dates shows. */
export function shownPeriodOf({ view }: DatesSetInfo, locale: LocaleInput | null): ShownPeriod {
  // Locale files give their week, which FullCalendar's options type does not declare.
  const { dow, doy } = (locale as { week?: LocaleWeek } | null)?.week ?? ENGLISH_WEEK;
  return {
    title: view.title,
    view: urlViewOf(view.type),
    start: view.calendar.formatIso(view.currentStart, true),
    days: Math.round((view.currentEnd.getTime() - view.currentStart.getTime()) / DAY_MS),
    firstDay: dow,
    weekOneDay: 7 + dow - doy,
  };
}

type Navigator = (date: string) => void;

// One calendar per page: the calendar publishes what it shows, and takes dates to go to, here, so that parts
// elsewhere in the page (and loaded later than it) need no props threaded through the shell.
let shown: ShownPeriod | null = null;
let navigator: Navigator | null = null;
const listeners = new Set<() => void>();

export function publishShownPeriod(period: ShownPeriod): void {
  shown = period;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The period the calendar shows, or null before it has shown one. */
export function useShownPeriod(): ShownPeriod | null {
  return useSyncExternalStore(subscribe, () => shown);
}

// The title's button the date picker is open under, if it is. Here, not in the title's state: FullCalendar may
// remake its toolbar's content as the calendar moves, and the picker must close with the button that opened it.
let pickerTarget: HTMLElement | null = null;

/** Opens the date picker under this button, or (null) closes it. */
export function setPickerTarget(target: HTMLElement | null): void {
  pickerTarget = target;
  for (const listener of listeners) listener();
}

export function usePickerTarget(): HTMLElement | null {
  return useSyncExternalStore(subscribe, () => pickerTarget);
}

/** Lets the calendar be sent to dates; returns the way to stop. */
export function registerNavigator(goTo: Navigator): () => void {
  navigator = goTo;
  return () => {
    if (navigator === goTo) navigator = null;
  };
}

/** Moves the calendar to the period holding this date (YYYY-MM-DD), in the view it shows. */
export function goToDate(date: string): void {
  navigator?.(date);
}

/** A YYYY-MM-DD date as a local midnight, the form date pickers take. */
export function localDateOf(date: string): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** A local date's YYYY-MM-DD. */
export function isoDateOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
