import type { Calendar } from '../../shared/calendar-schema.ts';
import type { CalendarEvent } from '../../shared/event-schema.ts';
import type { Me } from '../../shared/user.ts';
import { createApiClient, type GetAccessToken } from './api-client.ts';
import { AGENDA_DAYS, PHONE_LAYOUT_QUERY } from './phone-layout.ts';
import { dayIn, daysFrom, monthGrid, type TimeRange } from './view-ranges.ts';

/**
 * The first screen's requests, started at once and in parallel as soon as a session has a token source: the
 * profile, the calendars and the first window's events, instead of each waiting for the one before and a render.
 * Each is taken once, by the session whose token source asked for it; anything else gets nothing and fetches as usual.
 */

/** A performance mark when the calendar first shows its events: time to first calendar, for monitoring and tests. */
export const FIRST_EVENTS_MARK = 'company-calendar:first-events';

/**
 * Element Timing's identifier on the first event the calendar shows: the browser reports when it is painted, which
 * is when a reader sees it (the mark above is set when it enters the page, before its layout and paint).
 */
export const FIRST_EVENT_ELEMENT_TIMING = 'company-calendar:first-event';

/** Asks the browser to report when an event's element is painted: its text is in the elements inside it. */
export function timeFirstPaint(element: Element): void {
  for (const part of [element, ...element.querySelectorAll('*')]) part.setAttribute('elementtiming', FIRST_EVENT_ELEMENT_TIMING);
}

/**
 * How long React's first render waits for a remembered session's first screen (profile, calendars, events): long
 * enough for them on a usual connection, short enough that a slow one soon sees "Signing in…".
 */
export const FIRST_LOAD_WAIT_MS = 500;

/** A preloaded answer, and the answer itself once it is in, so a first render can use it without waiting a tick. */
interface Preloaded<T> {
  promise: Promise<T>;
  arrived?: T;
}

function preloaded<T>(promise: Promise<T>): Preloaded<T> {
  const part: Preloaded<T> = { promise };
  promise.then((answer) => (part.arrived = answer)).catch(() => undefined);
  return part;
}

interface PreloadedWindow {
  fromMs: number;
  toMs: number;
  timeZone: string;
  /** Of every calendar the user may read: the view keeps those it shows. */
  events: Preloaded<CalendarEvent[]>;
}

interface FirstLoad {
  getAccessToken: GetAccessToken;
  me: Preloaded<Me> | null;
  calendars: Preloaded<Calendar[]> | null;
  window: PreloadedWindow | null;
  /** Settles once every request above has, whatever their answers. */
  settled: Promise<unknown>;
}

/** What decides the first view's range besides the viewport: the zone it shows and the locale's first day of the week. */
export interface FirstView {
  timeZone: string;
  locale: string;
}

let current: FirstLoad | null = null;

type WeekInfoLocale = Intl.Locale & { getWeekInfo?(): { firstDay: number }; weekInfo?: { firstDay: number } };

/**
 * The locale's first day of the week (0 Sunday), as Intl says; FullCalendar's locale files agree for most. A guess
 * that misses costs a request: the view then asks for its own range.
 */
function firstDayOfWeek(locale: string): number {
  try {
    const info = new Intl.Locale(locale) as WeekInfoLocale;
    return ((info.getWeekInfo?.() ?? info.weekInfo)?.firstDay ?? 0) % 7;
  } catch {
    return 0;
  }
}

/**
 * The range the calendar's first view asks for: on a phone the agenda from today, elsewhere the month grid, six
 * weeks from the first day of the week the month starts in.
 */
export function firstWindow({ timeZone, locale }: FirstView, now = Date.now()): TimeRange {
  const today = dayIn(now, timeZone);
  if (window.matchMedia(PHONE_LAYOUT_QUERY).matches) return daysFrom(today, AGENDA_DAYS, timeZone);
  const date = new Date(today);
  return monthGrid(date.getUTCFullYear(), date.getUTCMonth(), firstDayOfWeek(locale), timeZone);
}

/** The calendar's own page, at the root; the other pages (settings, terms) show no events. */
function onCalendarPage(): boolean {
  return window.location.pathname.replace(/\/+$/, '') === '';
}

/** Starts the first screen's requests for a session on the calendar's page, once per token source. */
export function startFirstLoad(getAccessToken: GetAccessToken, view: FirstView): void {
  if (current?.getAccessToken === getAccessToken || !onCalendarPage()) return;
  // The token first, before working out the window (the zone's first use is slow): the requests below share it.
  getAccessToken().catch(() => undefined);
  const api = createApiClient(getAccessToken);
  const { timeZone } = view;
  const { fromMs, toMs } = firstWindow(view);
  const query = new URLSearchParams({ start: new Date(fromMs).toISOString(), end: new Date(toMs).toISOString(), timeZone });
  const me = api.request<Me>('/me').then((response) => response.data);
  const calendars = api.request<Calendar[]>('/calendars').then((response) => response.data);
  const preloadedWindow: PreloadedWindow = {
    fromMs,
    toMs,
    timeZone,
    events: preloaded(api.request<CalendarEvent[]>('/events', { query }).then((response) => response.data)),
  };
  const events = preloadedWindow.events.promise;
  // The calendars wait for the first window's events too (whatever its answer), so the view they let render can
  // draw its events in its first render instead of an empty grid and then a second render.
  const calendarsWithEvents = Promise.all([calendars, events.catch(() => undefined)]).then(([answer]) => answer);
  const load: FirstLoad = {
    getAccessToken,
    me: preloaded(me),
    calendars: preloaded(calendarsWithEvents),
    window: preloadedWindow,
    settled: Promise.allSettled([me, calendarsWithEvents]),
  };
  // A request that fails before it is taken is not served later (after a consent, say): the next start asks again.
  // One taken already fails its query as its own request would have.
  const forget = () => {
    if (current === load) current = null;
  };
  for (const request of [me, calendarsWithEvents, events]) request.catch(forget);
  current = load;
}

/**
 * Resolves when the first load's answers are all in (or failed), or after `waitMs`; at once when none was started.
 * React's first render waits on it: started earlier, its long first task would hold up the requests that follow
 * the token, and it would draw "Signing in…" only to draw the calendar over it a moment later.
 */
export function firstLoadSettled(waitMs: number): Promise<void> {
  if (current === null) return Promise.resolve();
  const { settled } = current;
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    void settled.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Forgets whatever was preloaded: on sign-out and user changes, so no one is shown another session's data. */
export function discardFirstLoad(): void {
  current = null;
}

type Part = 'me' | 'calendars';
type PartOf<K extends Part> = NonNullable<FirstLoad[K]>;

/** The session's preloaded part, once; null when there is none for it, or when `arrivedOnly` and it is not in yet. */
function take<K extends Part>(getAccessToken: GetAccessToken, part: K, arrivedOnly: boolean): PartOf<K> | null {
  if (current === null) return null;
  if (current.getAccessToken !== getAccessToken) {
    // Another session's: never for this one.
    current = null;
    return null;
  }
  const taken = current[part];
  if (taken === null || (arrivedOnly && taken.arrived === undefined)) return null;
  current[part] = null;
  return taken as PartOf<K>;
}

/** The session's preloaded profile, once; null when there is none for it. */
export function takeFirstLoadMe(getAccessToken: GetAccessToken): Promise<Me> | null {
  return take(getAccessToken, 'me', false)?.promise ?? null;
}

/** The session's preloaded calendars, once; null when there are none for it. */
export function takeFirstLoadCalendars(getAccessToken: GetAccessToken): Promise<Calendar[]> | null {
  return take(getAccessToken, 'calendars', false)?.promise ?? null;
}

/** The session's preloaded profile when it is in already, once: a query's initial data. */
export function takeArrivedFirstLoadMe(getAccessToken: GetAccessToken): Me | undefined {
  return take(getAccessToken, 'me', true)?.arrived;
}

/** The session's preloaded calendars when they are in already, once: a query's initial data. */
export function takeArrivedFirstLoadCalendars(getAccessToken: GetAccessToken): Calendar[] | undefined {
  return take(getAccessToken, 'calendars', true)?.arrived;
}

/** The first window the session preloaded, for the calendars shown: its range, and its events or their promise. */
export interface PreloadedEvents {
  range: TimeRange;
  events: CalendarEvent[] | Promise<CalendarEvent[]>;
}

/**
 * The session's preloaded first window, once: the events of the calendars shown, when it was asked for in the same
 * zone; the events themselves when they are in already. Null otherwise. Whatever view the calendar opens in, the
 * window holds what it holds for its range.
 */
export function takeFirstLoadEvents(getAccessToken: GetAccessToken, timeZone: string, calendarIds: readonly string[]): PreloadedEvents | null {
  if (current?.getAccessToken !== getAccessToken || current.window === null) return null;
  const preloaded = current.window;
  current.window = null;
  if (timeZone !== preloaded.timeZone) return null;
  const wanted = new Set(calendarIds);
  const shown = (events: CalendarEvent[]) => events.filter((event) => wanted.has(event.extendedProps.calendarId));
  const range = { fromMs: preloaded.fromMs, toMs: preloaded.toMs };
  return { range, events: preloaded.events.arrived ? shown(preloaded.events.arrived) : preloaded.events.promise.then(shown) };
}
