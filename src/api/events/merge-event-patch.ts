import { eventToWrite, type CalendarEvent, type EventPatch } from '../../shared/event-schema.ts';

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
  return merged;
}
