// A file's own time zone (VTIMEZONE) as ical.js works out its offsets, at a bounded cost. ical.js expands every
// observance's rule from its DTSTART up to the year asked (five years past this one at least), whatever the rule says:
// a 700-byte file whose observances repeat MINUTELY from 1900 ran the server out of memory. So only the rules real
// producers write (yearly: Outlook, Google, Apple, Mozilla, tzurl) are followed, and only for the years the file's
// events need: each observance is started a year before them and ended a year after.
import ICAL from 'ical.js';

/** The parts of a yearly rule a zone's changes are written with ("the last Sunday of October", "8–14 March, a Sunday"). */
const ZONE_RULE_PARTS = new Set(['BYMONTH', 'BYDAY', 'BYMONTHDAY']);
/** The most days BYMONTHDAY may list: a week, as older files write "the Sunday of 8–14 March". */
const ZONE_RULE_MONTH_DAYS_MAX = 7;

/** Why the rule is not one a zone changes by (at most a few changes a year), or null when it is. */
function ruleFault(rule: ICAL.Recur): string | null {
  const parts = rule.parts as Record<string, unknown[]>;
  const names = Object.keys(parts);
  const fits =
    rule.freq === 'YEARLY' &&
    (rule.interval ?? 1) === 1 &&
    names.every((name) => ZONE_RULE_PARTS.has(name)) &&
    (parts.BYMONTH?.length ?? 0) <= 1 &&
    (parts.BYDAY?.length ?? 0) <= 1 &&
    (parts.BYMONTHDAY?.length ?? 0) <= ZONE_RULE_MONTH_DAYS_MAX &&
    // A day without its month would be every Sunday, or that day of every month.
    (parts.BYMONTH !== undefined || (parts.BYDAY === undefined && parts.BYMONTHDAY === undefined));
  return fits ? null : `RRULE:${rule.toString()}`;
}

/**
 * Why the zone's offsets are not worked out (an observance repeating by a rule no calendar app writes for a zone,
 * such as FREQ=MINUTELY), or null when they can be.
 */
export function zoneRuleFault(vtimezone: ICAL.Component): string | null {
  for (const observance of vtimezone.getAllSubcomponents()) {
    for (const property of observance.getAllProperties('rrule')) {
      const rule = property.getFirstValue();
      const fault = rule instanceof ICAL.Recur ? ruleFault(rule) : 'an RRULE that cannot be read';
      if (fault) return fault;
    }
  }
  return null;
}

/** The years a zone's offsets are worked out for, both inclusive. */
export interface ZoneYears {
  from: number;
  to: number;
}

const endOfYear = (year: number) => ICAL.Time.fromData({ year, month: 12, day: 31, hour: 23, minute: 59, second: 59 });

/** A time's wall clock as a floating date-time, with some of its fields changed. */
const wallClock = ({ year, month, day, hour, minute, second }: ICAL.Time, changes: Partial<Pick<ICAL.Time, 'year' | 'month' | 'day'>> = {}) =>
  ICAL.Time.fromData({ year, month, day, hour, minute, second, ...changes });

/**
 * The observance's rule started a year before `from` (offsets on 1 January follow the year before's last change) and
 * ended a year after `to`. A rule that ended before then becomes its last change; a COUNT rule, whose count runs from
 * its DTSTART, keeps it (its shape bounds it to a few changes a year).
 */
function boundObservance(observance: ICAL.Component, { from, to }: ZoneYears): void {
  const rule = observance.getFirstPropertyValue('rrule');
  const start = observance.getFirstPropertyValue('dtstart');
  if (!(rule instanceof ICAL.Recur) || !(start instanceof ICAL.Time)) return;
  const [first, last] = [from - 1, to + 1];
  if (rule.until && rule.until.year < first) {
    observance.removeAllProperties('rrule');
    observance.updatePropertyWithValue('dtstart', wallClock(rule.until));
    return;
  }
  if (!rule.count && start.year < first) {
    // With BYMONTH the rule names the day; without, each change falls on DTSTART's date.
    const byMonth = (rule.parts as Record<string, unknown[]>).BYMONTH !== undefined;
    observance.updatePropertyWithValue('dtstart', wallClock(start, { year: first, ...(byMonth ? { month: 1, day: 1 } : {}) }));
  }
  if (!rule.until || rule.until.year > last) rule.until = endOfYear(last);
  observance.updatePropertyWithValue('rrule', rule);
}

/**
 * The zone as ical.js works out its offsets, for the years given: its observances' rules bounded to them. Call only for
 * a zone without a zoneRuleFault.
 */
export function boundedTimezone(vtimezone: ICAL.Component, years: ZoneYears): ICAL.Timezone {
  const component = new ICAL.Component(structuredClone(vtimezone.jCal));
  for (const observance of component.getAllSubcomponents()) boundObservance(observance, years);
  const zone = new ICAL.Timezone(component);
  // Expanded once, for every year given: ical.js expands a zone again (adding to what it has) for each later year asked.
  zone.utcOffset(endOfYear(years.to + 1));
  return zone;
}
