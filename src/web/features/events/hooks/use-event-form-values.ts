import { useState } from 'react';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { EventFormTarget } from '../components/event-form-dialog.tsx';
import { duplicateValues, eventFormValues, newEventValues, sameFormValues, withStartMoved, type EventFormValues } from '../lib/event-form-values.ts';

/** One of the form's dates or times: a start's or an end's. */
export type EventFormEdgeField = `${'start' | 'end'}${'Date' | 'Time'}`;

/** A new event's first values: a copy of another's, or from a selection or a new-event link. */
function newFormValues(target: Extract<EventFormTarget, { mode: 'create' }>, editable: readonly Calendar[], timeZone: string): EventFormValues {
  if (target.copyOf) return duplicateValues(target.copyOf, timeZone, editable.map((calendar) => calendar.id));
  const prefill = target.prefill ?? {};
  const calendarId = editable.find((calendar) => calendar.id === prefill.calendarId)?.id ?? editable[0]?.id ?? '';
  const values = newEventValues(calendarId, target.range, timeZone);
  return prefill.title ? { ...values, title: prefill.title } : values;
}

/**
 * The event form's values, first the event's or a new event's (`initial`, kept to tell whether anything changed), and
 * the setters its fields change them with. `timeZone` is the zone shown, a new event's.
 */
export function useEventFormValues(target: EventFormTarget, editable: readonly Calendar[], timeZone: string) {
  const [initial] = useState<EventFormValues>(() =>
    target.mode === 'edit' ? eventFormValues(target.event, timeZone) : newFormValues(target, editable, timeZone),
  );
  const [values, setValues] = useState(initial);
  const set = <K extends keyof EventFormValues>(field: K, value: EventFormValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));
  // Moving the start moves the end with it; changing the end alone changes the length.
  const setEdge = (field: EventFormEdgeField, value: string) =>
    field === 'startDate' || field === 'startTime'
      ? setValues((current) => withStartMoved(current, field, value, current.timeZone))
      : set(field, value);
  return { values, setValues, set, setEdge, changed: !sameFormValues(values, initial) };
}
