import { EVENT_YEAR_MAX, EVENT_YEAR_MIN } from '../../../../shared/limits.ts';

/** The calendar's view and date in the page's address, `?view=week&date=2026-12-01`: reloads and links keep them. */
export const VIEW_PARAM = 'view';
export const DATE_PARAM = 'date';

/** The phone's agenda of AGENDA_DAYS days, and its time grid of PHONE_TIME_GRID_DAYS. */
export const AGENDA_VIEW = 'agenda';
export const PHONE_TIME_GRID_VIEW = 'timeGridPhone';
/** What is coming, day by day, from today: UPCOMING_DAYS at a time. */
export const UPCOMING_VIEW = 'upcoming';

/** The views by the names the address uses: one name whatever the layout shows for it. */
export const URL_VIEWS = ['month', 'week', 'day', 'upcoming'] as const;
export type UrlView = (typeof URL_VIEWS)[number];

const WIDE_VIEWS: Record<UrlView, string> = { month: 'dayGridMonth', week: 'timeGridWeek', day: 'timeGridDay', upcoming: UPCOMING_VIEW };
// The phone's list is its agenda: a week at a time, a small first request on a slow network.
const PHONE_VIEWS: Record<UrlView, string> = { ...WIDE_VIEWS, week: PHONE_TIME_GRID_VIEW, upcoming: AGENDA_VIEW };
/** Names the address once used, still read: links to them keep working. */
const FORMER_NAMES: ReadonlyMap<string, UrlView> = new Map([['agenda', 'upcoming']]);

/** FullCalendar's view for an address's view, in the layout shown. */
export function calendarViewFor(view: UrlView, phone: boolean): string {
  return (phone ? PHONE_VIEWS : WIDE_VIEWS)[view];
}

/** The address's name for one of FullCalendar's views, in either layout. */
export function urlViewOf(calendarView: string): UrlView | null {
  return URL_VIEWS.find((view) => WIDE_VIEWS[view] === calendarView || PHONE_VIEWS[view] === calendarView) ?? null;
}

export interface ViewLocation {
  view: UrlView | null;
  /** YYYY-MM-DD */
  date: string | null;
}

const isUrlView = (value: string | null): value is UrlView => URL_VIEWS.some((view) => view === value);

/** A calendar date within the supported years, as YYYY-MM-DD; else null. */
function validDate(value: string | null): string | null {
  const match = value === null ? null : /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year >= EVENT_YEAR_MIN && year <= EVENT_YEAR_MAX ? value : null;
}

/** The view and date an address asks for; what it does not name, or names wrongly, is null. */
export function readViewLocation(search: string): ViewLocation {
  const params = new URLSearchParams(search);
  const view = params.get(VIEW_PARAM);
  const named = view === null ? null : (FORMER_NAMES.get(view) ?? view);
  return { view: isUrlView(named) ? named : null, date: validDate(params.get(DATE_PARAM)) };
}

/** The address's query with this view and date (none: today), its other parameters kept. */
export function withViewLocation(search: string, { view, date }: { view: UrlView; date: string | null }): string {
  const params = new URLSearchParams(search);
  params.set(VIEW_PARAM, view);
  if (date === null) params.delete(DATE_PARAM);
  else params.set(DATE_PARAM, date);
  return `?${params.toString()}`;
}
