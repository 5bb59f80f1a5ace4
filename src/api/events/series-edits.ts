import type { CalendarEvent, EventDraft, EventPatch, OccurrenceOverrides } from '../../shared/event-schema.ts';
import { occurrenceAt, type SeriesDefinition } from '../recurrence/expand-series.ts';
import { moveSeries } from '../recurrence/split-series.ts';

/** A stored series as the recurrence functions take it. */
export function seriesOf(event: CalendarEvent): SeriesDefinition {
  return {
    rrule: event.rrule ?? '',
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    timeZone: event.extendedProps.timeZone,
    exdate: event.exdate ?? [],
  };
}

/**
 * An "all events" edit of a series, before its rule is checked: when the start moves, every occurrence moves by
 * the same wall-clock shift, so UNTIL and exdates move with it (unless the patch gives its own) and overrides are
 * re-keyed to stay on their occurrences. Overrides the edited rule no longer makes are dropped by keepOverrides.
 */
export function editAllOccurrences(current: CalendarEvent, patch: EventPatch, draft: EventDraft): EventDraft {
  const overrides = current.extendedProps.overrides ?? {};
  const series = seriesOf(current);
  if (draft.start === current.start || draft.allDay !== current.allDay) return { ...draft, overrides };
  const moved = moveSeries(series, draft.start, Object.keys(overrides));
  const rekeyed: OccurrenceOverrides = {};
  for (const { from, to } of moved.movedOverrides) rekeyed[to] = overrides[from]!;
  return {
    ...draft,
    rrule: patch.rrule === undefined ? moved.rrule : draft.rrule,
    exdate: patch.exdate === undefined ? moved.exdate : draft.exdate,
    overrides: rekeyed,
  };
}

/** The overrides that still name an occurrence of the (checked) series, not skipped. */
export function keepOverrides(draft: EventDraft): EventDraft {
  const skipped = new Set(draft.exdate);
  const kept = Object.entries(draft.overrides).filter(([id]) => !skipped.has(id) && occurrenceAt(draft, id) !== null);
  return { ...draft, overrides: Object.fromEntries(kept) };
}
