import { describe, expect, test } from 'vitest';
import {
  canonicalTimeZone,
  isRecentTimeZones,
  LEGACY_TIME_ZONE_NAMES,
  listedTimeZones,
  matchesZoneSearch,
  RECENT_TIME_ZONES_MAX,
  rememberTimeZone,
  utcOffsetText,
  zoneEntry,
  zoneSections,
  type ZoneEntry,
} from '../../src/web/lib/time-zone-list.ts';
import { isValidTimeZone } from '../../src/shared/time.ts';

// A January instant: no daylight saving north of the equator, summer time south of it.
const JANUARY = new Date('2026-01-15T12:00:00Z');
const JULY = new Date('2026-07-15T12:00:00Z');

const entry = (zone: string, offsetMinutes: number): ZoneEntry => ({ zone, offsetMinutes, offset: utcOffsetText(offsetMinutes), name: '' });

describe('the time zone list', () => {
  test('legacy names become the ones IANA uses now; current names stay as they are', () => {
    expect(canonicalTimeZone('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Kiev')).toBe('Europe/Kyiv');
    expect(canonicalTimeZone('America/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(canonicalTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    // Not an own key of the table, though every object has it.
    expect(canonicalTimeZone('constructor')).toBe('constructor');
    // Every new name is a zone Intl knows, with the same offsets as the old one.
    for (const [legacy, current] of Object.entries(LEGACY_TIME_ZONE_NAMES)) {
      expect(isValidTimeZone(current), current).toBe(true);
      expect(zoneEntry(current, 'en', JANUARY).offset, current).toBe(zoneEntry(legacy, 'en', JANUARY).offset);
    }
  });

  test('lists each zone once by its current name, with a chosen zone Intl does not list', () => {
    const zones = listedTimeZones(['Asia/Calcutta', 'Asia/Kolkata', 'Europe/Kiev', 'Europe/Paris'], 'UTC');
    expect(zones.sort()).toEqual(['Asia/Kolkata', 'Europe/Kyiv', 'Europe/Paris', 'UTC']);
    expect(listedTimeZones(['Europe/Paris'], 'Europe/Paris')).toEqual(['Europe/Paris']);
    // Whatever this engine returns, the list holds no legacy name.
    const all = listedTimeZones(Intl.supportedValuesOf('timeZone'), null);
    expect(all.filter((zone) => Object.hasOwn(LEGACY_TIME_ZONE_NAMES, zone))).toEqual([]);
    expect(all).toContain('Asia/Kolkata');
    expect(new Set(all).size).toBe(all.length);
  });

  test('offsets read "UTC±hh:mm" and are the zone’s at the instant given', () => {
    expect(utcOffsetText(330)).toBe('UTC+05:30');
    expect(utcOffsetText(-210)).toBe('UTC-03:30');
    expect(utcOffsetText(0)).toBe('UTC+00:00');
    expect(zoneEntry('Asia/Kolkata', 'en', JANUARY)).toMatchObject({ offset: 'UTC+05:30', offsetMinutes: 330 });
    expect(zoneEntry('Asia/Kathmandu', 'en', JANUARY).offset).toBe('UTC+05:45');
    expect(zoneEntry('America/St_Johns', 'en', JANUARY).offset).toBe('UTC-03:30');
    expect(zoneEntry('Europe/Berlin', 'en', JANUARY).offset).toBe('UTC+01:00');
    expect(zoneEntry('Europe/Berlin', 'en', JULY).offset).toBe('UTC+02:00');
    expect(zoneEntry('UTC', 'en', JULY).offset).toBe('UTC+00:00');
  });

  test('names are the zone’s generic name in the language asked for, and none where Intl has only an offset', () => {
    expect(zoneEntry('Asia/Kolkata', 'en', JANUARY).name).toBe('India Standard Time');
    expect(zoneEntry('Europe/Berlin', 'de', JULY).name).toBe('Mitteleuropäische Zeit');
    expect(zoneEntry('UTC', 'en', JANUARY).name).toBe('');
    expect(zoneEntry('Etc/GMT-14', 'ar', JANUARY).name).toBe('');
  });

  test('the device’s zone comes first on its own, then the recently used, then all others west to east', () => {
    const entries = [entry('Europe/Paris', 60), entry('America/New_York', -300), entry('Europe/Berlin', 60), entry('Asia/Tokyo', 540), entry('Europe/London', 0)];
    const { recent, all } = zoneSections(entries, 'Europe/London', ['Asia/Tokyo', 'Europe/London', 'Gone/Zone']);
    expect(recent.map(({ zone }) => zone)).toEqual(['Asia/Tokyo']);
    expect(all.map(({ zone }) => zone)).toEqual(['America/New_York', 'Europe/Berlin', 'Europe/Paris']);
  });

  test('a chosen zone goes first among the recent, once, and only the latest few are kept', () => {
    expect(rememberTimeZone([], 'Asia/Tokyo')).toEqual(['Asia/Tokyo']);
    expect(rememberTimeZone(['Europe/Paris', 'Asia/Tokyo'], 'Asia/Tokyo')).toEqual(['Asia/Tokyo', 'Europe/Paris']);
    let recent: string[] = [];
    const zones = ['A/1', 'A/2', 'A/3', 'A/4', 'A/5', 'A/6', 'A/7'];
    for (const zone of zones) recent = rememberTimeZone(recent, zone);
    expect(RECENT_TIME_ZONES_MAX).toBe(5);
    expect(recent).toEqual(zones.slice(-RECENT_TIME_ZONES_MAX).reverse());
  });

  test('stored recent zones are checked: anything else counts as none', () => {
    expect(isRecentTimeZones(['Asia/Tokyo', 'UTC'])).toBe(true);
    expect(isRecentTimeZones([])).toBe(true);
    for (const stored of [null, 'Asia/Tokyo', ['Mars/Olympus'], [1], Array.from({ length: RECENT_TIME_ZONES_MAX + 1 }, () => 'UTC')]) {
      expect(isRecentTimeZones(stored), JSON.stringify(stored)).toBe(false);
    }
  });

  test('a search finds a zone by any of its words, in any order, without case, accents or underscores', () => {
    const text = '(UTC-03:00) America/Sao_Paulo – Brasília Standard Time';
    for (const search of ['sao paulo', 'SÃO_PAULO', 'brasilia time', 'utc-03', 'america paulo', '  paulo ']) {
      expect(matchesZoneSearch(text, search), search).toBe(true);
    }
    for (const search of ['paris', 'utc+03', 'sao paulo berlin']) {
      expect(matchesZoneSearch(text, search), search).toBe(false);
    }
  });
});
