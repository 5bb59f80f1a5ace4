import { isValidTimeZone } from '../../shared/time.ts';

/** How many zones the time zone list keeps under "Recently used", per device. */
export const RECENT_TIME_ZONES_MAX = 5;

/**
 * Zones whose canonical name in CLDR (and so in ICU, V8 and WebKit, which is what Intl.supportedValuesOf and
 * resolvedOptions return) is an old IANA name, mapped to the name IANA uses now: the `iana` attribute of CLDR's
 * bcp47/timezone.xml, the same list as TC39's proposal-canonical-tz ("out-of-date canonicalizations"). Firefox
 * already returns the new names, so either may come in.
 */
export const LEGACY_TIME_ZONE_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** A zone's current IANA name: Asia/Calcutta is Asia/Kolkata. */
export function canonicalTimeZone(zone: string): string {
  return Object.hasOwn(LEGACY_TIME_ZONE_NAMES, zone) ? LEGACY_TIME_ZONE_NAMES[zone]! : zone;
}

/** A zone as the list shows it. */
export interface ZoneEntry {
  zone: string;
  /** "UTC+05:30", "UTC-03:00", "UTC+00:00". */
  offset: string;
  offsetMinutes: number;
  /** The zone's generic name in the user's language, e.g. "India Standard Time"; empty where Intl has none. */
  name: string;
}

const LONG_OFFSET = /^GMT(?:([+-])(\d{2}):(\d{2}))?$/;

/** A zone's UTC offset at an instant, in minutes east of UTC. */
function offsetMinutesAt(zone: string, at: Date): number {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find(({ type }) => type === 'timeZoneName')?.value;
  const [, sign, hours, minutes] = LONG_OFFSET.exec(part ?? '') ?? [];
  if (!sign) return 0;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/** "UTC+05:30" for 330 minutes. */
export function utcOffsetText(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const whole = Math.abs(offsetMinutes);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `UTC${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}

function genericName(zone: string, locale: string, at: Date): string {
  const name = new Intl.DateTimeFormat(locale, { timeZone: zone, timeZoneName: 'longGeneric' })
    .formatToParts(at)
    .find(({ type }) => type === 'timeZoneName')?.value;
  // Where the language has no name for a zone, Intl writes its offset ("GMT+05:45", "غرينتش+00:00"), shown already.
  return name && !/\d|^(GMT|UTC)$/.test(name) ? name : '';
}

/** A zone's entry at an instant (its offset then), named in a language. */
export function zoneEntry(zone: string, locale: string, at: Date): ZoneEntry {
  const offsetMinutes = offsetMinutesAt(zone, at);
  return { zone, offset: utcOffsetText(offsetMinutes), offsetMinutes, name: genericName(zone, locale, at) };
}

/** The zones to list: Intl's, by their current IANA names, once each, with `extra` (e.g. a stored UTC) if missing. */
export function listedTimeZones(supported: readonly string[], extra: string | null): string[] {
  const zones = new Set(supported.map(canonicalTimeZone));
  if (extra !== null) zones.add(canonicalTimeZone(extra));
  return [...zones];
}

export interface ZoneSections {
  /** Zones chosen lately, the latest first, without the device's. */
  recent: ZoneEntry[];
  /** The other zones, west to east, then by name. */
  all: ZoneEntry[];
}

/** The list below the device's zone: recently used, then the rest; each zone once. */
export function zoneSections(entries: readonly ZoneEntry[], device: string, recentZones: readonly string[]): ZoneSections {
  const byZone = new Map(entries.map((entry) => [entry.zone, entry]));
  const recent = recentZones.flatMap((zone) => (zone !== device && byZone.has(zone) ? [byZone.get(zone)!] : []));
  const above = new Set([device, ...recent.map((entry) => entry.zone)]);
  const all = entries
    .filter((entry) => !above.has(entry.zone))
    .sort((a, b) => a.offsetMinutes - b.offsetMinutes || a.zone.localeCompare(b.zone));
  return { recent, all };
}

/** The recent zones after choosing one: it first, once, at most RECENT_TIME_ZONES_MAX. */
export function rememberTimeZone(recent: readonly string[], zone: string): string[] {
  return [zone, ...recent.filter((other) => other !== zone)].slice(0, RECENT_TIME_ZONES_MAX);
}

/** Whether stored recent zones are a list of valid zones (storage may hold stale or tampered data). */
export function isRecentTimeZones(value: unknown): value is string[] {
  return (
    Array.isArray(value) &&
    value.length <= RECENT_TIME_ZONES_MAX &&
    value.every((zone) => typeof zone === 'string' && isValidTimeZone(zone))
  );
}

// Lower case, without accents, with IANA's underscores as spaces: "são_paulo" finds "Sao Paulo" and back.
const searchable = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replaceAll('_', ' ')
    .toLocaleLowerCase();

/** Whether a zone's text has every word of a search, in any order: "kolkata", "india time", "utc+05:30". */
export function matchesZoneSearch(text: string, search: string): boolean {
  const haystack = searchable(text);
  return searchable(search)
    .split(/\s+/)
    .every((word) => haystack.includes(word));
}
