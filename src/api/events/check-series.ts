import type { z } from 'zod';
import { normaliseEvent, type EventDraft, type eventWriteSchema } from '../../shared/event-schema.ts';
import { normaliseExdates, normaliseRecurrenceRule } from '../../shared/recurrence-rule.ts';
import type { FieldError } from '../../shared/problem.ts';
import { validationFailed } from '../errors.ts';
import { seriesRuleProblems } from '../recurrence/expand-series.ts';

export type EventInput = z.output<typeof eventWriteSchema>;

/** Checks the rules that span fields; a 400 names the fields at fault. */
export function toDraft(input: EventInput): EventDraft {
  const result = normaliseEvent(input);
  if (!result.ok) throw validationFailed(result.issues.map(({ path, message }) => ({ field: path.join('.'), message })));
  return result.draft;
}

const issuesOf = (field: string, messages: readonly string[]): FieldError[] => messages.map((message) => ({ field, message }));

/** The rule and exdates fitted to the series, or the problems with them by field. */
function seriesIssues(input: EventInput, draft: EventDraft): { issues: FieldError[]; rrule: string; exdate: string[] } {
  const issues: FieldError[] = [];
  if (!draft.allDay && input.extendedProps?.timeZone === undefined) {
    issues.push({ field: 'extendedProps.timeZone', message: 'A timed series needs the IANA time zone its rule repeats in, e.g. America/New_York' });
  }
  const rule = normaliseRecurrenceRule(draft.rrule, { allDay: draft.allDay, timeZone: draft.timeZone });
  if (!rule.ok) issues.push(...issuesOf('rrule', rule.errors));
  const exdate = normaliseExdates(draft.exdate, draft.allDay);
  if (!exdate.ok) issues.push(...issuesOf('exdate', exdate.errors));
  return { issues, rrule: rule.ok ? rule.rrule : '', exdate: exdate.ok ? exdate.exdate : [] };
}

/**
 * A draft's series fields checked against the event: a timed series names its zone, the rule suits the event's
 * kind and yields at least one occurrence, exdates are of the series' kind. Returns the draft with the rule and
 * exdates in canonical form; a single event may not skip occurrences. Throws a 400 naming `rrule` or `exdate`.
 */
export function checkSeries(input: EventInput, draft: EventDraft): EventDraft {
  if (draft.rrule === '') {
    if (draft.exdate.length > 0) throw validationFailed([{ field: 'exdate', message: 'Only a series (an event with an rrule) skips occurrences' }]);
    return { ...draft, overrides: {} };
  }
  const { issues, rrule, exdate } = seriesIssues(input, draft);
  if (issues.length > 0) throw validationFailed(issues);
  const series = { ...draft, rrule, exdate };
  const problems = seriesRuleProblems(series);
  if (problems.length > 0) throw validationFailed(issuesOf('rrule', problems));
  return series;
}
