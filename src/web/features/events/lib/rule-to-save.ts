import type { CalendarEvent } from '../../../../shared/event-schema.ts';
import { repeatRule, repeatValuesFromRule } from './repeat-options.ts';
import type { SeriesContext } from './series-start.ts';

/** The rule an edited series has now, and the first start and kind it is read from. */
export type StoredRule = Pick<CalendarEvent, 'start' | 'allDay'> & { rrule: string };

/** The stored rule of what the form edits: a series', or for "This and following" the rule a split there keeps. */
export function storedRuleOf(base: CalendarEvent | null): StoredRule | null {
  return base ? { rrule: base.rrule ?? '', start: base.start, allDay: base.allDay } : null;
}

const sameStart = (a: string, b: string) => a === b || Date.parse(a) === Date.parse(b);

/**
 * The rule a save sends, so that the form never rewrites a rule it did not change (a title change must not touch
 * the RRULE; the Repeat field shows the stored rule by meaning, and builds its UNTIL as the end of the date it
 * shows). Undefined (left out) when the field still says what the stored rule says from the same start: the server
 * keeps the rule, or the rest of it for "This and following"; the stored rule's own text when only the start moved
 * and the rule reads the same from there; else the rule the field built.
 */
export function ruleToSave(built: string, stored: StoredRule | null, context: SeriesContext): string | undefined {
  if (stored === null || stored.allDay !== context.allDay) return built;
  const unchanged = repeatRule(repeatValuesFromRule(stored.rrule, context), context);
  if (!unchanged.ok || unchanged.rrule !== built) return built;
  return sameStart(stored.start, context.start) ? undefined : stored.rrule;
}
