// Dates and date-times of an .ics file as this calendar keeps them: dates for all-day events, UTC instants for timed
// ones, with the IANA zone each was written in (a series repeats in it).
import ICAL from 'ical.js';
import { EVENT_YEAR_MAX, EVENT_YEAR_MIN, ICS_IMPORT_ZONE_MATCHES_MAX } from '../../shared/limits.ts';
import { zoneDateFormatter } from '../../shared/time.ts';
import { instantOfWallClockMs } from '../recurrence/zone-offsets.ts';
import { boundedTimezone, zoneRuleFault, type ZoneYears } from './bounded-timezone.ts';
import { ianaZoneOf, zoneLike } from './tzid-zones.ts';

/** A DATE value, or a DATE-TIME as an instant with the zone it was written in (null: a VTIMEZONE no IANA zone matches). */
export type IcalTime = { kind: 'date'; date: string } | { kind: 'instant'; ms: number; zone: string | null; floatingMs: number };

/** A value that cannot be placed in time: its TZID is unknown and the file does not define it. */
export class UnknownZoneError extends Error {}

/** How the file's TZIDs resolve, each worked out once per import. */
export interface ZoneContext {
  /** The zone floating times (no Z, no TZID) are read in: the importer's. */
  floatingZone: string;
  /** The file's VTIMEZONEs by TZID. */
  vtimezones: ReadonlyMap<string, ICAL.Component>;
  /** The years each TZID's times fall in: a VTIMEZONE's offsets are worked out for those alone. */
  years: ReadonlyMap<string, ZoneYears>;
  resolved: Map<string, { zone: string } | { vtimezone: ICAL.Timezone }>;
  /** How many VTIMEZONEs have been matched to IANA zones so far. */
  searches: number;
}

const clampYear = (year: number) => Math.min(EVENT_YEAR_MAX, Math.max(EVENT_YEAR_MIN, year));

/** The years of the times written with each TZID, in the file's events and other items (out of range ones clamped). */
function yearsByTzid(calendars: readonly ICAL.Component[]): Map<string, ZoneYears> {
  const years = new Map<string, ZoneYears>();
  for (const component of calendars.flatMap((calendar) => calendar.getAllSubcomponents())) {
    if (component.name === 'vtimezone') continue;
    for (const property of component.getAllProperties()) {
      const tzid = property.getParameter('tzid');
      if (typeof tzid !== 'string') continue;
      for (const value of property.jCal.slice(3).flat()) {
        const year = typeof value === 'string' ? Number(value.slice(0, 4)) : NaN;
        if (!Number.isInteger(year)) continue;
        const known = years.get(tzid);
        years.set(tzid, { from: Math.min(known?.from ?? Infinity, clampYear(year)), to: Math.max(known?.to ?? -Infinity, clampYear(year)) });
      }
    }
  }
  return years;
}

export function zoneContext(calendars: readonly ICAL.Component[], floatingZone: string): ZoneContext {
  const vtimezones = new Map<string, ICAL.Component>();
  for (const calendar of calendars) {
    for (const vtimezone of calendar.getAllSubcomponents('vtimezone')) {
      const tzid = vtimezone.getFirstPropertyValue('tzid');
      if (typeof tzid === 'string') vtimezones.set(tzid, vtimezone);
    }
  }
  return { floatingZone, vtimezones, years: yearsByTzid(calendars), resolved: new Map(), searches: 0 };
}

/** The file's own zone, when its rules are ones a zone changes by; else why its times cannot be placed. */
function ownZone(ctx: ZoneContext, tzid: string, vtimezone: ICAL.Component, year: number): { zone: string } | { vtimezone: ICAL.Timezone } {
  const fault = zoneRuleFault(vtimezone);
  if (fault) throw new UnknownZoneError(`Its time zone “${tzid}” changes by a rule no calendar app writes for a zone (${fault}): only yearly changes are followed`);
  const years = ctx.years.get(tzid) ?? { from: clampYear(year), to: clampYear(year) };
  const like = ctx.searches++ < ICS_IMPORT_ZONE_MATCHES_MAX ? zoneLike(vtimezone, clampYear(year)) : null;
  return like ? { zone: like } : { vtimezone: boundedTimezone(vtimezone, years) };
}

/**
 * The TZID as an IANA zone: by name, else the zone that keeps its VTIMEZONE's offsets through the year it is first used
 * in (at most ICS_IMPORT_ZONE_MATCHES_MAX such searches an import), else the VTIMEZONE itself for the years the file
 * uses it in. Once per TZID; a VTIMEZONE whose rules no calendar app writes places nothing (its events are skipped).
 */
function resolveTzid(ctx: ZoneContext, tzid: string, year: number): { zone: string } | { vtimezone: ICAL.Timezone } {
  const known = ctx.resolved.get(tzid);
  if (known) return known;
  const named = ianaZoneOf(tzid);
  const vtimezone = ctx.vtimezones.get(tzid);
  if (!named && !vtimezone) throw new UnknownZoneError(`Its time zone “${tzid}” is not one we know, and the file does not define it (VTIMEZONE)`);
  const resolved = named ? { zone: named } : ownZone(ctx, tzid, vtimezone!, year);
  ctx.resolved.set(tzid, resolved);
  return resolved;
}

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(Z?)$/;

/** One jCal value (ical.js writes 2027-01-05 or 2027-01-05T09:00:00, Z for UTC) with its property's TZID, if any. */
export function readIcalTime(value: string, tzid: string | undefined, ctx: ZoneContext): IcalTime {
  const m = DATE_TIME.exec(value);
  if (!m) return { kind: 'date', date: value.slice(0, 10) };
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const floatingMs = Date.UTC(year, month - 1, day, hour, minute, Math.min(second, 59));
  if (m[7] === 'Z') return { kind: 'instant', ms: floatingMs, zone: 'UTC', floatingMs };
  if (tzid === undefined) return { kind: 'instant', ms: instantOfWallClockMs(floatingMs, ctx.floatingZone), zone: ctx.floatingZone, floatingMs };
  const resolved = resolveTzid(ctx, tzid, year);
  if ('zone' in resolved) return { kind: 'instant', ms: instantOfWallClockMs(floatingMs, resolved.zone), zone: resolved.zone, floatingMs };
  const offset = resolved.vtimezone.utcOffset(ICAL.Time.fromData({ year, month, day, hour, minute, second }));
  return { kind: 'instant', ms: floatingMs - offset * 1000, zone: null, floatingMs };
}

/** A value as a time: a period (RDATE;VALUE=PERIOD, which ical.js reads as a start and an end or duration) by its start. */
const timeValue = (value: unknown): string | null => (typeof value === 'string' ? value : Array.isArray(value) && typeof value[0] === 'string' ? value[0] : null);

/** The values of a date property (EXDATE and RDATE may list several, and repeat), each read. */
export function readIcalTimes(component: ICAL.Component, name: string, ctx: ZoneContext): IcalTime[] {
  return component.getAllProperties(name).flatMap((property) => {
    const tzid = property.getParameter('tzid');
    return property.jCal
      .slice(3)
      .map(timeValue)
      .filter((value): value is string => value !== null)
      .map((value) => readIcalTime(value, typeof tzid === 'string' ? tzid : undefined, ctx));
  });
}

/** The first value of a date property, or null. */
export function readFirstIcalTime(component: ICAL.Component, name: string, ctx: ZoneContext): IcalTime | null {
  return readIcalTimes(component, name, ctx)[0] ?? null;
}

/** As the API writes it: a date for an all-day event, an ISO instant for a timed one. */
export function timeText(time: IcalTime): string {
  return time.kind === 'date' ? time.date : new Date(time.ms).toISOString();
}

/** The date a time falls on, in a zone (for a date, the date). */
export function dateIn(time: IcalTime, zone: string): string {
  return time.kind === 'date' ? time.date : zoneDateFormatter(zone).format(time.ms);
}
