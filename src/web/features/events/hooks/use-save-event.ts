import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { useCreateEvent, type CreateEventInput } from '../requests/create-event.ts';
import { useUpdateEvent } from '../requests/update-event.ts';
import { useUpdateOccurrence, type OccurrenceKey, type OccurrenceScope } from '../requests/update-occurrence.ts';

/** What a save writes to: a new event (no base), the event or series itself, or an occurrence for a scope. */
export interface SaveTarget {
  /** The version the edit is based on, sent for the server to check. */
  base: CalendarEvent | null;
  occurrence: OccurrenceKey | null;
  scope: OccurrenceScope | undefined;
}

interface SaveCallbacks {
  onSuccess(saved: CalendarEvent): void;
  onError(error: unknown): void;
}

/** Saves the event form's body: creates the event, changes it (into the calendar chosen), or changes an occurrence. */
export function useSaveEvent() {
  const createEvent = useCreateEvent();
  const updateEvent = useUpdateEvent();
  const updateOccurrence = useUpdateOccurrence();
  const save = (event: CreateEventInput['event'], calendarId: string, { base, occurrence, scope }: SaveTarget, callbacks: SaveCallbacks) => {
    if (base === null) {
      createEvent.mutate({ calendarId, event }, callbacks);
      return;
    }
    if (occurrence && scope) {
      updateOccurrence.mutate({ ...occurrence, scope, version: base.extendedProps.version, patch: event }, callbacks);
      return;
    }
    const moved = calendarId !== base.extendedProps.calendarId;
    updateEvent.mutate(
      {
        calendarId: base.extendedProps.calendarId,
        eventId: base.id,
        version: base.extendedProps.version,
        patch: {
          ...event,
          extendedProps: { ...event.extendedProps, ...(moved ? { calendarId } : {}) },
        },
      },
      callbacks,
    );
  };
  return { save, pending: createEvent.isPending || updateEvent.isPending || updateOccurrence.isPending };
}
