// The seed's events built by the functions the event service uses, so that each record it stores is the one the
// API would have stored for the same requests.
import { eventWriteSchema, type EventDraft, type EventWrite } from '../../shared/event-schema.ts';
import { checkSeries, toDraft } from '../events/check-series.ts';
import { keepOverrides, overrideOf, withOverride } from '../events/series-edits.ts';
import { occurrenceAt } from '../recurrence/expand-series.ts';

/** The draft `POST /api/calendars/{id}/events` stores for this body: parsed, checked and normalised, series too. */
export function draftOf(body: EventWrite): EventDraft {
  const input = eventWriteSchema.parse(body);
  return checkSeries(input, toDraft(input));
}

/**
 * The series with one occurrence moved to new times, as `PATCH …/occurrences/{recurrenceId}?scope=this` stores
 * it: an override keyed by the occurrence's original start.
 */
export function withMovedOccurrence(series: EventDraft, recurrenceId: string, to: { start: string; end: string }): EventDraft {
  const occurrence = occurrenceAt(series, recurrenceId);
  if (!occurrence) throw new Error(`The series has no occurrence starting at ${recurrenceId}`);
  const { start, end } = toDraft(eventWriteSchema.parse({ title: series.title, ...to }));
  const override = overrideOf(series, occurrence, { ...series, start, end });
  return keepOverrides({ ...series, overrides: withOverride(series.overrides, occurrence.recurrenceId, override) });
}
