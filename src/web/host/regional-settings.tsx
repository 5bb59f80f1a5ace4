import { createContext, use, useMemo, type ReactNode } from 'react';
import { isValidTimeZone } from '../../shared/time.ts';
import { browserTimeZone } from '../lib/time-zone.ts';
import { useLocalStorageState } from '../lib/use-local-storage-state.ts';
import { useHost } from './host-context.tsx';
import { useAppLocale } from './use-app-locale.ts';

export interface RegionalSettings {
  /** BCP 47: `?locale=`, else the host's locale (Teams and SharePoint say which), else the browser's (useAppLocale). */
  locale: string;
  /** The IANA time zone the calendar shows and forms use. */
  timeZone: string;
  /**
   * The standalone site lets people show another time zone than their device's, remembered on this device;
   * null where the host's device decides (Teams and SharePoint show the user's own).
   */
  timeZoneChoice: { chosen: string | null; choose(timeZone: string | null): void } | null;
}

const RegionalSettingsContext = createContext<RegionalSettings | null>(null);

export function useRegionalSettings(): RegionalSettings {
  const settings = use(RegionalSettingsContext);
  if (settings === null) throw new Error('useRegionalSettings needs a RegionalSettingsProvider above it');
  return settings;
}

const TIME_ZONE_KEY = 'company-calendar:time-zone';
const isChosenTimeZone = (value: unknown): value is string | null => value === null || (typeof value === 'string' && isValidTimeZone(value));

export function RegionalSettingsProvider({ children }: { children: ReactNode }) {
  const { host } = useHost();
  const locale = useAppLocale();
  const [chosen, choose] = useLocalStorageState(TIME_ZONE_KEY, isChosenTimeZone, null);
  const standalone = host.kind === 'standalone';
  const value = useMemo<RegionalSettings>(
    () => ({
      locale,
      timeZone: (standalone && chosen) || browserTimeZone(),
      timeZoneChoice: standalone ? { chosen, choose } : null,
    }),
    [locale, standalone, chosen, choose],
  );
  return <RegionalSettingsContext value={value}>{children}</RegionalSettingsContext>;
}
