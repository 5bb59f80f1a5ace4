// The IANA zone a TZID names. Files name zones as IANA ids (Google, Apple, Nextcloud), as Windows ids ("W. Europe
// Standard Time", Exchange), as Exchange's display names ("(UTC-05:00) Eastern Time (US & Canada)",
// windows-display-names.ts), behind a vendor's prefix ("/mozilla.org/20070129_1/Europe/Berlin"), or as anything at all
// with the file's own VTIMEZONE.
import ICAL from 'ical.js';
import { findIana, WINDOWS_TO_IANA_MAP } from 'windows-iana';
import { isValidTimeZone } from '../../shared/time.ts';
import { offsetAtMs } from '../recurrence/zone-offsets.ts';
import { boundedTimezone } from './bounded-timezone.ts';
import { zoneOfDisplayName } from './windows-display-names.ts';

// "/mozilla.org/20070129_1/Europe/Berlin", "/freeassociation.sourceforge.net/Tzfile/Europe/London": the IANA id at the end.
const PREFIXED_ID = /\/([A-Za-z_]+\/[A-Za-z0-9_+-]+(?:\/[A-Za-z0-9_+-]+)?)$/;
// Outlook numbers copies of a zone it was sent with other rules: "Central Standard Time 1", "W. Europe Standard Time 2".
const NUMBERED_COPY = /\s+\d{1,2}$/;

/** The zone a name gives: an IANA id, a Windows id (CLDR's windowsZones), a vendor's prefixed IANA id, a display name. */
function zoneNamed(id: string): string | null {
  if (isValidTimeZone(id)) return id;
  const windows = findIana(id)[0];
  if (windows) return windows;
  const prefixed = PREFIXED_ID.exec(id)?.[1];
  if (prefixed && isValidTimeZone(prefixed)) return prefixed;
  return zoneOfDisplayName(id);
}

/** The IANA zone the TZID names, or null when only the file's own VTIMEZONE can say what it is. */
export function ianaZoneOf(tzid: string): string | null {
  const id = tzid.trim().replace(/^"(.*)"$/, '$1').trim();
  if (id === '') return null;
  return zoneNamed(id) ?? (NUMBERED_COPY.test(id) ? zoneNamed(id.replace(NUMBERED_COPY, '')) : null);
}

let candidateZones: string[] | null = null;

/**
 * Each Windows zone's main IANA zone first (territory 001: Europe/Berlin rather than Europe/Andorra), then the rest.
 * Listed at the first file that needs it: checking every zone takes some 25 ms, which start-up would pay otherwise.
 */
function candidateZonesOnce(): string[] {
  candidateZones ??= [
    ...new Set([
      ...Object.values(WINDOWS_TO_IANA_MAP)
        .filter((entry) => entry.territory === '001')
        .map((entry) => entry.iana[0]!),
      ...Intl.supportedValuesOf('timeZone'),
    ]),
  ].filter(isValidTimeZone);
  return candidateZones;
}

const SAMPLE_DAYS = [1, 8, 15, 22];
// Made once per zone: a formatter costs far more to make than to use.
const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** A zone's offset at an instant as Intl writes it ("GMT+05:30"): a quick first test, with no zone's year worked out. */
function offsetName(zone: string, instantMs: number): string {
  let formatter = offsetFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    offsetFormatters.set(zone, formatter);
  }
  return formatter.formatToParts(instantMs).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/**
 * An IANA zone that keeps the VTIMEZONE's offsets through the year given (noon on four days of every month), so that a
 * series in a zone the file defines only by its rules still repeats across DST changes as it did; null when none does.
 * The zones whose offsets differ in January or July are ruled out first, cheaply (about 10 ms for all of them).
 */
export function zoneLike(vtimezone: ICAL.Component, year: number): string | null {
  const zone = boundedTimezone(vtimezone, { from: year, to: year });
  const samples = Array.from({ length: 12 }, (_, month) => SAMPLE_DAYS.map((day) => ({ month: month + 1, day }))).flat().map(({ month, day }) => {
    const local = ICAL.Time.fromData({ year, month, day, hour: 12, minute: 0, second: 0 });
    const offsetMs = zone.utcOffset(local) * 1000;
    return { instantMs: Date.UTC(year, month - 1, day, 12) - offsetMs, offsetMs };
  });
  // Mid-January and mid-July: either side of every DST change.
  const quick = [samples[2]!, samples[26]!].map(({ instantMs, offsetMs }) => ({ instantMs, name: gmtName(offsetMs) }));
  const likely = candidateZonesOnce().filter((candidate) => quick.every(({ instantMs, name }) => offsetName(candidate, instantMs) === name));
  return likely.find((candidate) => samples.every(({ instantMs, offsetMs }) => offsetAtMs(instantMs, candidate) === offsetMs)) ?? null;
}

/** An offset as Intl's longOffset writes it: "GMT" for none, else "GMT+05:30". */
function gmtName(offsetMs: number): string {
  if (offsetMs === 0) return 'GMT';
  const minutes = Math.abs(offsetMs) / 60_000;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `GMT${offsetMs < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}
