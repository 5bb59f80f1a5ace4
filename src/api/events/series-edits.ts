import type { CalendarEvent, EventDraft, EventPatch, OccurrenceOverride, OccurrenceOverrides } from '../../shared/event-schema.ts';
import { RECURRENCE_OVERRIDES_MAX } from '../../shared/limits.ts';
import { validationFailed, type HttpProblem } from '../errors.ts';
import { occurrenceAt, type Occurrence, type SeriesDefinition } from '../recurrence/expand-series.ts';
import { moveSeries, type RekeyedId } from '../recurrence/split-series.ts';

/** A stored series as the recurrence functions take it. */
export function seriesOf(event: CalendarEvent): SeriesDefinition {
  return {
    rrule: event.rrule ?? '',
    start: event.start,
    end: event.end,
    allDay: event.allDay,
    timeZone: event.extendedProps.timeZone,
    exdate: event.exdate ?? [],
    rdate: event.rdate ?? [],
    localStart: event.extendedProps.localStart ?? '',
  };
}

/** The 400 for a move the series' rule cannot follow, such as "the last workday" moved to a Saturday. */
export function ruleCannotMove(): HttpProblem {
  return validationFailed([
    {
      field: 'rrule',
      message: 'The repeat rule cannot move to the new start: it would not repeat on that day. Change the repeat rule together with the start in the event form.',
    },
  ]);
}

/**
 * An "all events" edit of a series, before its rule is checked: when the start moves, every occurrence moves by
 * the same wall-clock shift, so UNTIL, the days the rule names and exdates move with it (unless the patch gives
 * its own) and overrides are re-keyed to stay on their occurrences. Overrides the edited rule no longer makes are
 * dropped by keepOverrides.
 */
export function editAllOccurrences(current: CalendarEvent, patch: EventPatch, draft: EventDraft): EventDraft {
  const overrides = current.extendedProps.overrides ?? {};
  const series = seriesOf(current);
  // Timed occurrences and all-day ones have ids of different kinds: a series that changes kind starts afresh.
  if (draft.allDay !== current.allDay) {
    return { ...draft, exdate: patch.exdate === undefined ? [] : draft.exdate, rdate: patch.rdate === undefined ? [] : draft.rdate, overrides: {} };
  }
  // A local start the zone skips names the same instant as the time after the gap, yet moves the rule's time.
  const sameLocal = draft.localStart === '' || draft.localStart === (current.extendedProps.localStart ?? '');
  if (draft.start === current.start && sameLocal) return { ...draft, overrides };
  const moved = moveSeries(series, draft.start, Object.keys(overrides), draft.localStart);
  const rekeyed: OccurrenceOverrides = {};
  for (const { from, to } of moved.movedOverrides) rekeyed[to] = overrides[from]!;
  const rrule = patch.rrule === undefined ? moved.rrule : draft.rrule;
  if (rrule === null) throw ruleCannotMove();
  return {
    ...draft,
    rrule,
    exdate: patch.exdate === undefined ? moved.exdate : draft.exdate,
    rdate: patch.rdate === undefined ? moved.rdate : draft.rdate,
    overrides: rekeyed,
  };
}

/** The overrides that still name an occurrence of the (checked) series, not skipped. */
export function keepOverrides(draft: EventDraft): EventDraft {
  const skipped = new Set(draft.exdate);
  const kept = Object.entries(draft.overrides).filter(([id]) => !skipped.has(id) && occurrenceAt(draft, id) !== null);
  return { ...draft, overrides: Object.fromEntries(kept) };
}

/** The fields an occurrence may change on its own; the rest (rule, zone, calendar) belong to the series. */
export const OCCURRENCE_FIELDS = ['title', 'start', 'end', 'allDay', 'url', 'description', 'location'] as const;

/** What an occurrence's checked draft changes against the occurrence the series makes: the override to keep. */
export function overrideOf(series: EventDraft, occurrence: Occurrence, draft: EventDraft): OccurrenceOverride {
  const base: Record<(typeof OCCURRENCE_FIELDS)[number], unknown> = { ...series, start: occurrence.start, end: occurrence.end };
  const changed = OCCURRENCE_FIELDS.filter((key) => draft[key] !== base[key]);
  // A moved occurrence keeps both ends, so that a later change of the series' length does not stretch it.
  const timing = changed.some((key) => key === 'start' || key === 'end' || key === 'allDay') ? ['start', 'end', 'allDay'] : [];
  const keys = new Set([...changed, ...timing] as (typeof OCCURRENCE_FIELDS)[number][]);
  return Object.fromEntries([...keys].map((key) => [key, draft[key]])) as OccurrenceOverride;
}

/** The overrides with this one set (or removed, when it changes nothing); past RECURRENCE_OVERRIDES_MAX is a 400. */
export function withOverride(overrides: OccurrenceOverrides, recurrenceId: string, override: OccurrenceOverride): OccurrenceOverrides {
  const { [recurrenceId]: _old, ...rest } = overrides;
  if (Object.keys(override).length === 0) return rest;
  const next = { ...rest, [recurrenceId]: override };
  if (Object.keys(next).length > RECURRENCE_OVERRIDES_MAX) {
    throw validationFailed([{ field: 'start', message: `A series has at most ${RECURRENCE_OVERRIDES_MAX} changed occurrences: change the series, or split it` }]);
  }
  return next;
}

/** The overrides before and from a split, the latter re-keyed as the split moved their occurrences. */
export function partitionOverrides(overrides: OccurrenceOverrides, moved: readonly RekeyedId[]): { kept: OccurrenceOverrides; moved: OccurrenceOverrides } {
  const movedFrom = new Set(moved.map(({ from }) => from));
  const kept = Object.fromEntries(Object.entries(overrides).filter(([id]) => !movedFrom.has(id)));
  return { kept, moved: Object.fromEntries(moved.map(({ from, to }) => [to, overrides[from]!])) };
}
