import type { z } from 'zod';
import { normaliseEvent, type EventDraft, type eventWriteSchema } from '../../shared/event-schema.ts';
import { normaliseExdates, normaliseRdates, normaliseRecurrenceRule } from '../../shared/recurrence-rule.ts';
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

/** The rule, exdates and extra dates fitted to the series, or the problems with them by field. */
function seriesIssues(input: EventInput, draft: EventDraft): { issues: FieldError[]; rrule: string; exdate: string[]; rdate: string[] } {
  const issues: FieldError[] = [];
  if (!draft.allDay && input.extendedProps?.timeZone === undefined) {
    issues.push({ field: 'extendedProps.timeZone', message: 'A timed series needs the IANA time zone its rule repeats in, e.g. America/New_York' });
  }
  const rule = normaliseRecurrenceRule(draft.rrule, { allDay: draft.allDay, timeZone: draft.timeZone });
  if (!rule.ok) issues.push(...issuesOf('rrule', rule.errors));
  const exdate = normaliseExdates(draft.exdate, draft.allDay);
  if (!exdate.ok) issues.push(...issuesOf('exdate', exdate.errors));
  const rdate = normaliseRdates(draft.rdate, draft.allDay, draft.start);
  if (!rdate.ok) issues.push(...issuesOf('rdate', rdate.errors));
  return { issues, rrule: rule.ok ? rule.rrule : '', exdate: exdate.ok ? exdate.exdate : [], rdate: rdate.ok ? rdate.rdate : [] };
}

/**
 * A draft's series fields checked against the event: a timed series names its zone, the rule suits the event's
 * kind and yields at least one occurrence, exdates and extra dates are of the series' kind (extra dates from its
 * start on). Returns the draft with the rule and dates in canonical form; a single event may not skip or add
 * occurrences. Throws a 400 naming `rrule`, `exdate` or `rdate`.
 */
export function checkSeries(input: EventInput, draft: EventDraft): EventDraft {
  if (draft.rrule === '') {
    if (draft.exdate.length > 0) throw validationFailed([{ field: 'exdate', message: 'Only a series (an event with an rrule) skips occurrences' }]);
    if (draft.rdate.length > 0) throw validationFailed([{ field: 'rdate', message: 'Only a series (an event with an rrule) has extra dates' }]);
    return { ...draft, overrides: {} };
  }
  const { issues, rrule, exdate, rdate } = seriesIssues(input, draft);
  if (issues.length > 0) throw validationFailed(issues);
  const series = { ...draft, rrule, exdate, rdate };
  const problems = seriesRuleProblems(series);
  if (problems.length > 0) throw validationFailed(issuesOf('rrule', problems));
  return series;
}
