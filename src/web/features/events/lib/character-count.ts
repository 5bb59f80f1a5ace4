import { EVENT_DESCRIPTION_MAX, EVENT_LOCATION_MAX, EVENT_TITLE_MAX } from '../../../../shared/limits.ts';

/** From which share of its limit a text field shows how many characters it holds: only near the limit, where it helps. */
export const CHARACTER_COUNT_SHOWN_FROM = 0.8;

/** The event form's text fields and their limits: the event schema's. */
export const TEXT_FIELD_LIMITS = { title: EVENT_TITLE_MAX, location: EVENT_LOCATION_MAX, description: EVENT_DESCRIPTION_MAX } as const;

/** The count a field shows, or null while it is well below its limit. Counted as the schema counts: UTF-16 units. */
export function characterCount(value: string, max: number): { count: number; max: number } | null {
  return value.length >= Math.ceil(max * CHARACTER_COUNT_SHOWN_FROM) ? { count: value.length, max } : null;
}
