import { eventToWrite, type CalendarEvent, type EventPatch } from '../../shared/event-schema.ts';
import { isLocalDateTime } from '../../shared/local-date-time.ts';

/**
 * A PATCH over the stored event, as a whole event to check again: the fields the patch names replace the event's,
 * extendedProps merge one level deep. The result is unchecked input for the write schema.
 */
export function mergeEventPatch(current: CalendarEvent, patch: EventPatch): Record<string, unknown> {
  const base = eventToWrite(current);
  const named = Object.entries(patch).filter(([key, value]) => key !== 'extendedProps' && key !== 'id' && value !== undefined);
  const merged: Record<string, unknown> = {
    ...base,
    ...Object.fromEntries(named),
    extendedProps: { ...base.extendedProps, ...patch.extendedProps },
  };
  // Dragging a timed event into the all-day row changes allDay but sends no end: the old end no longer fits.
  if (patch.allDay !== undefined && patch.allDay !== current.allDay && patch.end === undefined) merged.end = null;
  // A series made a single event again skips and adds nothing.
  if ((patch.rrule === null || patch.rrule === '') && patch.exdate === undefined) merged.exdate = [];
  if ((patch.rrule === null || patch.rrule === '') && patch.rdate === undefined) merged.rdate = [];
  keepLocalStart(current, patch, base.start, merged);
  return merged;
}

/**
 * A series given in local time (base.start is then its local start) keeps it while the patch leaves its start and
 * zone alone: a client writing back the instant it read changes nothing, so an occurrence skipped on the first day
 * cannot turn the whole series to the later time. A new zone keeps the instants, as it always has.
 */
function keepLocalStart(current: CalendarEvent, patch: EventPatch, baseStart: string, merged: Record<string, unknown>): void {
  if (baseStart === current.start) return;
  const zone = patch.extendedProps?.timeZone;
  if (zone !== undefined && zone !== current.extendedProps.timeZone) {
    if (patch.start === undefined) merged.start = current.start;
  } else if (patch.start !== undefined && Date.parse(patch.start) === Date.parse(current.start) && !isLocalDateTime(patch.start)) {
    merged.start = baseStart;
  }
}
