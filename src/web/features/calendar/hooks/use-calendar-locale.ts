import type { LocaleInput } from '@fullcalendar/react';
import { useQuery } from '@tanstack/react-query';

// FullCalendar's locale files, one chunk each, loaded when asked for: only the user's own is downloaded.
const LOCALE_FILES = import.meta.glob<LocaleInput>('../../../../../node_modules/@fullcalendar/react/locales/*.js', { import: 'default' });

const LOADERS = new Map(Object.entries(LOCALE_FILES).map(([path, load]) => [path.slice(path.lastIndexOf('/') + 1, -'.js'.length), load]));

/** The most specific locale file for a BCP 47 tag (de-AT → de-at, de-DE → de), or null for FullCalendar's own English. */
function calendarLocaleCode(locale: string): string | null {
  const parts = locale.toLowerCase().split('-');
  for (let length = parts.length; length > 0; length--) {
    const code = parts.slice(0, length).join('-');
    if (LOADERS.has(code)) return code;
  }
  return null;
}

type CalendarLocale = { status: 'loading' } | { status: 'ready'; locale: LocaleInput | null };

/** FullCalendar's texts, formats and first day of the week for a locale. */
export function useCalendarLocale(locale: string): CalendarLocale {
  const code = calendarLocaleCode(locale);
  const load = code === null ? undefined : LOADERS.get(code);
  const query = useQuery({
    queryKey: ['calendar-locale', code],
    queryFn: () => (load ? load() : null),
    enabled: load !== undefined,
    staleTime: Infinity,
  });
  if (!load) return { status: 'ready', locale: null };
  // A locale file that fails to load leaves the calendar in English rather than not shown.
  if (query.isError) return { status: 'ready', locale: null };
  return query.isSuccess ? { status: 'ready', locale: query.data } : { status: 'loading' };
}
