import { isDeepStrictEqual } from 'node:util';
import type { Category } from '../../shared/category-schema.ts';
import { exactDraft, type EventDraft, type UserRef } from '../../shared/event-schema.ts';
import type { ChangeEntry, ChangeKind, FieldChange } from '../../shared/history-schema.ts';
import { NO_CONTEXT, type ChangeContext, type StoredCalendar } from './repository.ts';

// What the stores share about the history entries they write with each change: which fields changed, and the entry's
// shape. Each store gives the entry its id and cursor, and writes it with the change in one transaction or batch.

/** Who the demo seed's writes are by: the application itself, not a person. */
export const SYSTEM_ACTOR: UserRef = { id: 'company-calendar', name: 'Company Calendar' };

/** An entry as a store builds it, before it gives it an id and a cursor. */
export type NewChangeEntry = Omit<ChangeEntry, 'id' | 'cursor'>;

const orNull = (value: unknown): unknown => (value === undefined ? null : value);

function changed(field: string, old: unknown, now: unknown): FieldChange[] {
  return isDeepStrictEqual(orNull(old), orNull(now)) ? [] : [{ field, old: orNull(old), new: orNull(now) }];
}

/** Every field of the event that differs, whole; a series' overrides one occurrence at a time (`overrides.<id>`). */
export function eventFieldChanges(before: EventDraft, after: EventDraft): FieldChange[] {
  const [old, now] = [exactDraft(before), exactDraft(after)];
  return (Object.keys(now) as (keyof EventDraft)[]).flatMap((key) => {
    if (key !== 'overrides') return changed(key, old[key], now[key]);
    const ids = [...new Set([...Object.keys(old.overrides), ...Object.keys(now.overrides)])].sort();
    return ids.flatMap((id) => changed(`overrides.${id}`, old.overrides[id], now.overrides[id]));
  });
}

const CALENDAR_FIELDS = ['name', 'color', 'description', 'editors'] as const;

/** The calendar's own fields that differ. */
export function calendarFieldChanges(before: StoredCalendar, after: StoredCalendar): FieldChange[] {
  return CALENDAR_FIELDS.flatMap((key) => changed(key, before[key], after[key]));
}

/** A category's change as a calendar's field (`category.<id>`): null before it was created and after it is deleted. */
export function categoryFieldChange(before: Category | null, after: Category | null): FieldChange[] {
  const shape = (category: Category | null) => category && { name: category.name, color: category.color, icon: category.icon };
  return changed(`category.${(before ?? after)!.id}`, shape(before), shape(after));
}

interface EntryOf {
  kind: ChangeKind;
  by: UserRef;
  at: string;
  version: number;
  changes?: FieldChange[];
  context?: ChangeContext;
}

/** The entry for a change to an event (or series): `event` as it is after the change (before it, for a delete). */
export function eventEntry(
  event: { id: string; calendarId: string; title: string; rrule: string },
  { kind, by, at, version, changes = [], context = NO_CONTEXT }: EntryOf,
  fromCalendarId: string | null = null,
): NewChangeEntry {
  return {
    calendarId: event.calendarId,
    fromCalendarId,
    eventId: event.id,
    series: event.rrule !== '',
    title: event.title,
    kind,
    scope: context.scope,
    recurrenceId: context.recurrenceId,
    by: { id: by.id, name: by.name },
    at,
    version,
    changes,
  };
}

/** The entry for a change to a calendar itself, or to one of its categories. */
export function calendarEntry(calendar: { id: string; name: string }, { kind, by, at, version, changes = [] }: EntryOf): NewChangeEntry {
  return {
    calendarId: calendar.id,
    fromCalendarId: null,
    eventId: null,
    series: false,
    title: calendar.name,
    kind,
    scope: null,
    recurrenceId: null,
    by: { id: by.id, name: by.name },
    at,
    version,
    changes,
  };
}
