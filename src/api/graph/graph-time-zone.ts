import { findIanaAliases, findWindows } from 'windows-iana';

/**
 * The Windows name Graph takes for an IANA zone (CLDR's windowsZones), or null. Graph accepts Windows names and only
 * some IANA ones, so Windows names are what is sent. A zone CLDR files under another name (Europe/Kyiv is
 * Europe/Kiev there) is found through the name ICU gives it, or its aliases.
 */
export function windowsZoneOf(timeZone: string): string | null {
  const names = [timeZone, new Intl.DateTimeFormat('en', { timeZone }).resolvedOptions().timeZone, ...findIanaAliases(timeZone)];
  for (const name of names) {
    const found = findWindows(name)[0];
    if (found) return found;
  }
  return null;
}
