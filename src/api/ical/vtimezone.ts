// VTIMEZONE components made from the time zone database (through Temporal), for the years an export spans only:
// bundled VTIMEZONE sets go stale (ical-generator's are from 2018), and long ones break Google's import.
// Correct by construction: every change the database has in the span is written, as a yearly rule only where the
// database gives that rule's day in each year of it, else on its own date; nothing is assumed about other years.
import { setImmediate as nextTurn } from 'node:timers/promises';
import ICAL from 'ical.js';
import { Temporal } from 'temporal-polyfill';

/**
 * The most onsets one VTIMEZONE writes (a yearly rule counts one, a dated change one, the opening offset one). A zone
 * ruled by yearly rules needs a handful; one changing on computed dates (Casablanca's Ramadan) two a year. Past it, the
 * span's earliest changes are left out: times before the first one kept get the offset in force just before it.
 */
export const VTIMEZONE_OBSERVANCES_MAX = 100;

interface Transition {
  atMs: number;
  fromOffsetMs: number;
  toOffsetMs: number;
}

/** A change as a yearly rule reads it, on the wall clock before it: month, weekday, which of the month's, time of day. */
interface Onset extends Transition {
  year: number;
  month: number;
  weekday: number;
  nth: number;
  isLast: boolean;
  timeOfDayMs: number;
}

/** Consecutive years' onsets of one kind, with the BYDAY ordinals (1–5, -1 for the last) that name all of them. */
interface Run {
  onsets: Onset[];
  ordinals: number[];
}

const DAY_MS = 86_400_000;
const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
/** Margin before the span's first instant that the opening offset must cover: local times run up to 14 h ahead of UTC. */
const OPENING_MARGIN_MS = 2 * DAY_MS;

/**
 * How many years of one zone's changes prepareVtimezone() works out between two turns of the event loop: the zone
 * with the most changes (America/Santiago) takes about 3.5 ms a year through Temporal, and an export may name every
 * zone there is from 1900 on (418 zones to 2200: 40 s of work, which held the event loop when done in one go).
 */
export const ZONE_CHANGES_CHUNK_YEARS = 10;

const YEAR_MS = 365.25 * 86_400_000;

/** A zone's changes worked out so far: every one at or after fromMs and before toMs, and the offset just before fromMs. */
interface KnownChanges {
  fromMs: number;
  toMs: number;
  offsetBeforeMs: number;
  transitions: Transition[];
}

/**
 * Each zone's changes worked out so far, kept for the process's life: bounded by the zones there are times the years
 * events may take (at most a few MB), and worked out once.
 */
const knownChanges = new Map<string, KnownChanges>();

/** The zone's changes at or after startMs and before endMs, through Temporal, and the offset just before startMs. */
function scan(timeZone: string, startMs: number, endMs: number): { offsetBeforeMs: number; transitions: Transition[] } {
  let at = Temporal.Instant.fromEpochMilliseconds(startMs - 1).toZonedDateTimeISO(timeZone);
  const offsetBeforeMs = at.offsetNanoseconds / 1e6;
  const transitions: Transition[] = [];
  let offset = offsetBeforeMs;
  for (let next = at.getTimeZoneTransition('next'); next && next.epochMilliseconds < endMs; next = at.getTimeZoneTransition('next')) {
    const toOffsetMs = next.offsetNanoseconds / 1e6;
    if (toOffsetMs !== offset) transitions.push({ atMs: next.epochMilliseconds, fromOffsetMs: offset, toOffsetMs });
    offset = toOffsetMs;
    at = next;
  }
  return { offsetBeforeMs, transitions };
}

/**
 * Works out more of the zone's changes towards [startMs, endMs), at most spanMs of them (before what is known, else
 * after it), and says whether the span is now known whole.
 */
function learnChanges(timeZone: string, startMs: number, endMs: number, spanMs = Infinity): boolean {
  const known = knownChanges.get(timeZone);
  if (!known) {
    const toMs = Math.min(endMs, startMs + spanMs);
    knownChanges.set(timeZone, { fromMs: startMs, toMs, ...scan(timeZone, startMs, toMs) });
  } else if (startMs < known.fromMs) {
    const fromMs = Math.max(startMs, known.fromMs - spanMs);
    const earlier = scan(timeZone, fromMs, known.fromMs);
    Object.assign(known, { fromMs, offsetBeforeMs: earlier.offsetBeforeMs, transitions: [...earlier.transitions, ...known.transitions] });
  } else if (endMs > known.toMs) {
    const toMs = Math.min(endMs, known.toMs + spanMs);
    known.transitions.push(...scan(timeZone, known.toMs, toMs).transitions);
    known.toMs = toMs;
  }
  const now = knownChanges.get(timeZone)!;
  return now.fromMs <= startMs && now.toMs >= endMs;
}

/** The zone's offset at startMs and its changes in (startMs, endMs). */
function transitionsBetween(timeZone: string, startMs: number, endMs: number): { initialOffsetMs: number; transitions: Transition[] } {
  // At most twice: what comes before the known changes, then what comes after.
  while (!learnChanges(timeZone, startMs, endMs));
  const known = knownChanges.get(timeZone)!;
  const atOrBefore = known.transitions.filter((transition) => transition.atMs <= startMs);
  return {
    initialOffsetMs: atOrBefore.at(-1)?.toOffsetMs ?? known.offsetBeforeMs,
    transitions: known.transitions.filter((transition) => transition.atMs > startMs && transition.atMs < endMs),
  };
}

/** The span vtimezone() reads a zone's changes over for these years. */
const readSpan = (fromYear: number, toYear: number): [number, number] => [Date.UTC(fromYear - 1, 0, 1), Date.UTC(toYear + 1, 0, 1)];

/**
 * Works out the changes vtimezone() needs for this zone and these years, ZONE_CHANGES_CHUNK_YEARS at a time, the event
 * loop turning between: an export calls it for each zone before building, so that building reads only known changes.
 */
export async function prepareVtimezone(timeZone: string, fromYear: number, toYear: number): Promise<void> {
  const [startMs, endMs] = readSpan(fromYear, toYear);
  while (!learnChanges(timeZone, startMs, endMs, ZONE_CHANGES_CHUNK_YEARS * YEAR_MS)) await nextTurn();
}

/** The wall-clock time (on the floating line) an onset is written in: the offset in force before it (RFC 5545 §3.6.5). */
const onsetWallMs = (transition: Transition) => transition.atMs + transition.fromOffsetMs;

function onsetOf(transition: Transition): Onset {
  const wall = new Date(onsetWallMs(transition));
  const day = wall.getUTCDate();
  const daysInMonth = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
  return {
    ...transition,
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    weekday: wall.getUTCDay(),
    nth: Math.ceil(day / 7),
    isLast: day + 7 > daysInMonth,
    timeOfDayMs: onsetWallMs(transition) % DAY_MS,
  };
}

const ordinalsOf = (onset: Onset) => (onset.isLast ? [-1, onset.nth] : [onset.nth]);

/** The ordinals naming both the run's onsets and the next one, when it is the next year's on the same rule; else []. */
function sharedOrdinals(run: Run, next: Onset): number[] {
  const last = run.onsets.at(-1)!;
  const sameRule = next.year === last.year + 1 && next.month === last.month && next.weekday === last.weekday && next.timeOfDayMs === last.timeOfDayMs;
  return sameRule ? run.ordinals.filter((ordinal) => ordinalsOf(next).includes(ordinal)) : [];
}

/** One kind's onsets (in time order) as runs: each as long as one yearly rule names every year of it. */
function runsOf(onsets: readonly Onset[]): Run[] {
  const runs: Run[] = [];
  for (const onset of onsets) {
    const run = runs.at(-1);
    const ordinals = run ? sharedOrdinals(run, onset) : [];
    if (run && ordinals.length > 0) {
      run.onsets.push(onset);
      run.ordinals = ordinals;
    } else {
      runs.push({ onsets: [onset], ordinals: ordinalsOf(onset) });
    }
  }
  return runs;
}

function utcOffset(offsetMs: number): ICAL.UtcOffset {
  return ICAL.UtcOffset.fromSeconds(Math.round(offsetMs / 1000));
}

function floatingTime(wallMs: number, zone?: ICAL.Timezone): ICAL.Time {
  const wall = new Date(wallMs);
  return ICAL.Time.fromData(
    {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
      isDate: false,
    },
    zone,
  );
}

/**
 * An observance starting at this change, named for Outlook: DAYLIGHT when it moves the clock forward in a zone that
 * still moves it both ways at the span's end, else STANDARD. Outlook reads only a zone's latest STANDARD and DAYLIGHT,
 * and reads a DAYLIGHT without a rule as a yearly one on that date's weekday (MS-OXCICAL 2.1.3.1.1.19.2.1), so a zone
 * whose changes stop (Mexico's in 2022) is all STANDARD: Outlook then keeps the latest offset, where any DAYLIGHT would
 * bring back summer time every year. Other readers go by the offsets, not the names.
 */
function observance(transition: Transition, changesGoOn: boolean): ICAL.Component {
  const component = new ICAL.Component(changesGoOn && isForward(transition) ? 'daylight' : 'standard');
  component.addPropertyWithValue('dtstart', floatingTime(onsetWallMs(transition)));
  component.addPropertyWithValue('tzoffsetfrom', utcOffset(transition.fromOffsetMs));
  component.addPropertyWithValue('tzoffsetto', utcOffset(transition.toOffsetMs));
  return component;
}

const isForward = (transition: Transition) => transition.toOffsetMs > transition.fromOffsetMs;

/**
 * The changes as observances will write them: each kind's (its offsets before and after) runs of two years or more as
 * rules, the rest dated. Rules reaching the span's last year run on past it (the zone's current rules, for series
 * without an end) when they move the clock both ways; else every rule ends (UNTIL) at its run's last change. When the
 * zone no longer moves its clocks both ways in the span's last year, its last change is an observance of its own, the
 * latest (what Outlook keeps).
 */
interface Plan {
  rules: Run[];
  dated: Onset[][];
  changesGoOn: boolean;
  rulesRunOn: boolean;
  last?: Onset;
}

function kindsOf(onsets: readonly Onset[]): Pick<Plan, 'rules' | 'dated'> {
  const rules: Run[] = [];
  const dated: Onset[][] = [];
  for (const kind of Map.groupBy(onsets, (onset) => `${onset.fromOffsetMs}>${onset.toOffsetMs}`).values()) {
    const runs = runsOf(kind);
    rules.push(...runs.filter((run) => run.onsets.length > 1));
    const single = runs.filter((run) => run.onsets.length === 1).map((run) => run.onsets[0]!);
    if (single.length > 0) dated.push(single);
  }
  return { rules, dated };
}

const movesBothWays = (changes: readonly Transition[]) => changes.some(isForward) && changes.some((change) => !isForward(change));

function planOf(onsets: readonly Onset[], lastYear: number): Plan {
  const changesGoOn = movesBothWays(onsets.filter((onset) => onset.year >= lastYear));
  const kinds = kindsOf(changesGoOn ? onsets : onsets.slice(0, -1));
  const rulesRunOn = changesGoOn && movesBothWays(kinds.rules.filter((run) => run.onsets.at(-1)!.year >= lastYear).map((run) => run.onsets[0]!));
  return { ...kinds, changesGoOn, rulesRunOn, last: changesGoOn ? undefined : onsets.at(-1) };
}

/** How many onsets the plan writes: a rule one, each date one. */
const onsetCount = (plan: Plan) => plan.rules.length + plan.dated.reduce((sum, dates) => sum + dates.length, 0) + (plan.last ? 1 : 0);

/**
 * A run as a yearly rule, as Outlook reads one (FREQ=YEARLY, BYMONTH, one BYDAY with its ordinal: the last where that
 * names every year, as the database's own rules mostly say). It runs on when the plan's rules do and it reaches the
 * span's last year; else it ends (UNTIL, in UTC) at its last onset.
 */
function ruleObservance(run: Run, plan: Plan, lastYear: number): ICAL.Component {
  const first = run.onsets[0]!;
  const last = run.onsets.at(-1)!;
  const ordinal = run.ordinals.includes(-1) ? -1 : run.ordinals[0]!;
  const until = plan.rulesRunOn && last.year >= lastYear ? '' : `;UNTIL=${floatingTime(last.atMs, ICAL.Timezone.utcTimezone).toICALString()}`;
  const component = observance(first, plan.changesGoOn);
  component.addPropertyWithValue('rrule', ICAL.Recur.fromString(`FREQ=YEARLY;BYMONTH=${first.month};BYDAY=${ordinal}${WEEKDAY_CODES[first.weekday]!}${until}`));
  return component;
}

/**
 * A kind's onsets that no rule covers, as one observance with their dates (RDATE, one property each: ical.js reads only
 * the first value of a list, and takes a component with RDATEs from its RDATEs alone, so DTSTART's date is one of them).
 */
function datedObservance(onsets: readonly Onset[], plan: Plan): ICAL.Component {
  const component = observance(onsets[0]!, plan.changesGoOn);
  if (onsets.length > 1) for (const onset of onsets) component.addPropertyWithValue('rdate', floatingTime(onsetWallMs(onset)));
  return component;
}

function planObservances(plan: Plan, lastYear: number): ICAL.Component[] {
  return [
    ...plan.rules.map((run) => ruleObservance(run, plan, lastYear)),
    ...plan.dated.map((onsets) => datedObservance(onsets, plan)),
    ...(plan.last ? [observance(plan.last, false)] : []),
  ];
}

/**
 * The plan for the latest of these onsets that fit VTIMEZONE_OBSERVANCES_MAX with the opening observance, when one is
 * needed (`opens` tells whether an onset opens the span, leaving none needed). Where the earliest kept one is, is
 * found by halving: a few plans, not one per onset left out (a zone can have hundreds of changes over the years).
 */
function cappedPlan(onsets: readonly Onset[], lastYear: number, opens: (first: Onset | undefined) => boolean): { plan: Plan; kept: readonly Onset[] } {
  const fitting = (from: number) => {
    const kept = onsets.slice(from);
    const plan = planOf(kept, lastYear);
    return onsetCount(plan) + (opens(kept[0]) ? 0 : 1) <= VTIMEZONE_OBSERVANCES_MAX ? { plan, kept } : null;
  };
  const all = fitting(0);
  if (all) return all;
  // Nothing left always fits (the opening observance alone); halve between what does not fit and what does.
  let [tooMany, fits] = [0, onsets.length];
  while (fits - tooMany > 1) {
    const middle = Math.floor((tooMany + fits) / 2);
    if (fitting(middle)) fits = middle;
    else tooMany = middle;
  }
  return fitting(fits)!;
}

const dtstartMs = (component: ICAL.Component) => (component.getFirstPropertyValue('dtstart') as ICAL.Time).toUnixTime();

/**
 * A VTIMEZONE for an IANA zone over whole years, from 1 January of fromYear to the end of toYear (UTC): times in those
 * years get the offsets the time zone database gives them. Changes are read from the year before (so the span opens
 * on a change when the zone has one then); when it does not, or the zone has none, an opening STANDARD gives the
 * offset in force. At most VTIMEZONE_OBSERVANCES_MAX onsets: past it, the earliest changes are left out.
 */
export function vtimezone(timeZone: string, fromYear: number, toYear: number): ICAL.Component {
  if (toYear < fromYear) throw new RangeError(`A VTIMEZONE's years run forwards: ${fromYear} to ${toYear}`);
  const [readFromMs, readToMs] = readSpan(fromYear, toYear);
  const { initialOffsetMs, transitions } = transitionsBetween(timeZone, readFromMs, readToMs);
  const opens = (first: Onset | undefined) => first !== undefined && first.atMs <= Date.UTC(fromYear, 0, 1) - OPENING_MARGIN_MS;
  const { plan, kept } = cappedPlan(transitions.map(onsetOf), toYear, opens);
  const observances = planObservances(plan, toYear);
  if (!opens(kept[0])) {
    const offsetMs = kept[0]?.fromOffsetMs ?? initialOffsetMs;
    observances.push(observance({ atMs: readFromMs, fromOffsetMs: offsetMs, toOffsetMs: offsetMs }, false));
  }
  const component = new ICAL.Component('vtimezone');
  component.addPropertyWithValue('tzid', timeZone);
  for (const child of observances.sort((a, b) => dtstartMs(a) - dtstartMs(b))) component.addSubcomponent(child);
  return component;
}
