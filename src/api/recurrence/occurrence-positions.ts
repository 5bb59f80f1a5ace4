// A series' occurrences by position (its start is the 1st), skipped ones included: what keeps a moved series'
// UNTIL, exdates and overrides on the same occurrences when its days move otherwise than its dates, as when
// "the first Friday" becomes "the first Saturday".
import { RECURRENCE_COUNT_MAX } from '../../shared/limits.ts';
import { formatRecurrenceRule, type RecurrenceRule } from '../../shared/recurrence-rule.ts';
import { expandSeries, recurrenceIdMs, seriesRange, type SeriesDefinition } from './expand-series.ts';

/**
 * The start of the nth occurrence of a series with this rule, whatever its COUNT or UNTIL, on the stores' line:
 * COUNT at a time, each stretch starting from the last one's end, as a split does. An all-day series runs as a
 * timed one at midnight UTC, whose range is not widened for the zones a floating date spans.
 */
export function nthStartMs(series: SeriesDefinition, rule: RecurrenceRule, n: number): number {
  let startMs = recurrenceIdMs(series.start, series.allDay);
  const timeZone = series.allDay ? 'UTC' : series.timeZone;
  for (let left = n; left > 1; ) {
    const count = Math.min(left, RECURRENCE_COUNT_MAX);
    const start = new Date(startMs).toISOString();
    const rrule = formatRecurrenceRule({ ...rule, until: undefined, count });
    startMs = seriesRange({ rrule, start, end: start, allDay: false, timeZone, exdate: [] }).lastEndMs;
    left -= count - 1;
  }
  return startMs;
}

/** The starts of a series' occurrences from its start through lastMs, skipped ones included, on the stores' line. */
export function startsThrough(series: SeriesDefinition, lastMs: number): number[] {
  // Named by its content, as the rule cache needs; no length, so that each window holds exactly (from, to).
  const { allDay, timeZone, start, rrule } = series;
  const stored = { ...series, end: start, exdate: [], id: `positions ${allDay} ${timeZone} ${start} ${rrule}`, version: 0 };
  const starts: number[] = [];
  let afterMs = recurrenceIdMs(start, allDay) - 1;
  for (;;) {
    const window = allDay ? { fromMs: 0, toMs: 0, fromDayMs: afterMs, toDayMs: lastMs + 1 } : { fromMs: afterMs, toMs: lastMs + 1, fromDayMs: 0, toDayMs: 0 };
    const { occurrences, truncated } = expandSeries(stored, window);
    starts.push(...occurrences.map((occurrence) => recurrenceIdMs(occurrence.start, allDay)));
    if (!truncated || occurrences.length === 0) return starts;
    afterMs = starts.at(-1)!;
  }
}
