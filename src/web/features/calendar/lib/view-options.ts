/** How the user likes the calendar drawn, on this device: week numbers, and the working day shaded in time grids. */
export interface ViewOptions {
  weekNumbers: boolean;
  /** Whole hours, 0–24; the start before the end. */
  workingHours: { startHour: number; endHour: number };
}

/** The working day until the user sets theirs: 08:00–18:00, Monday to Friday. */
export const DEFAULT_WORKING_HOURS = { startHour: 8, endHour: 18 } as const;
export const WORKING_DAYS = [1, 2, 3, 4, 5] as const;
export const DEFAULT_VIEW_OPTIONS: ViewOptions = { weekNumbers: false, workingHours: DEFAULT_WORKING_HOURS };

const isHour = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 24;

/** Whether stored options are options (storage may hold stale or tampered data). */
export function isViewOptions(value: unknown): value is ViewOptions {
  if (typeof value !== 'object' || value === null) return false;
  const { weekNumbers, workingHours } = value as Partial<ViewOptions>;
  return (
    typeof weekNumbers === 'boolean' &&
    typeof workingHours === 'object' &&
    workingHours !== null &&
    isHour(workingHours.startHour) &&
    isHour(workingHours.endHour) &&
    workingHours.startHour < workingHours.endHour
  );
}

const clock = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** FullCalendar's shading of the working day. */
export function businessHoursOf({ workingHours }: ViewOptions) {
  return { daysOfWeek: [...WORKING_DAYS], startTime: clock(workingHours.startHour), endTime: clock(workingHours.endHour) };
}

/**
 * Where a time grid opens: an hour before now while the working day is on (so now is in sight), else at its start.
 * `nowHour` is the hour on the calendar's clock.
 */
export function scrollTimeOf({ workingHours }: ViewOptions, nowHour: number): string {
  const working = nowHour >= workingHours.startHour && nowHour < workingHours.endHour;
  return clock(working ? Math.max(workingHours.startHour, nowHour - 1) : workingHours.startHour);
}
