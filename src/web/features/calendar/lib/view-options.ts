import type { UserSettings } from '../../../../shared/user-settings-schema.ts';

/** How the user likes the calendar drawn (their settings, on every device): week numbers, and the working day shaded. */
export type ViewOptions = Pick<UserSettings, 'weekNumbers' | 'workingHours'>;

/** The days the working day is shaded on: Monday to Friday. */
export const WORKING_DAYS = [1, 2, 3, 4, 5] as const;

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
