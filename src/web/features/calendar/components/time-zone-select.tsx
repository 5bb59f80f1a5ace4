import { Combobox, Field, Option, OptionGroup, makeStyles } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { RegionalSettings } from '../../../host/regional-settings.tsx';
import { browserTimeZone } from '../../../lib/time-zone.ts';
import { useLocalStorageState } from '../../../lib/use-local-storage-state.ts';
import { CALENDAR_MESSAGES } from '../lib/calendar-messages.ts';
import {
  canonicalTimeZone,
  isRecentTimeZones,
  listedTimeZones,
  matchesZoneSearch,
  rememberTimeZone,
  zoneEntry,
  zoneSections,
  type ZoneEntry,
} from '../lib/time-zone-list.ts';

const useStyles = makeStyles({
  // As wide as the panel, not as its longest zone name.
  combobox: { minWidth: 0, width: '100%' },
});

const RECENT_KEY = 'company-calendar:recent-time-zones';
const NO_RECENT: string[] = [];
// The option that follows the device wherever it goes (the chosen zone is then null), and the one saying none match.
const DEVICE = '';
const NO_MATCHES = '-';

interface ListedZone {
  zone: string;
  text: string;
}

function entryText(intl: IntlShape, { offset, zone, name }: ZoneEntry): string {
  const readable = zone.replaceAll('_', ' ');
  return name
    ? intl.formatMessage(CALENDAR_MESSAGES.timeZoneOption, { offset, zone: readable, name })
    : intl.formatMessage(CALENDAR_MESSAGES.unnamedTimeZoneOption, { offset, zone: readable });
}

/** Every zone with its text, at its offset now: some 400 formatters, so made when the list is first wanted, not with the panel. */
function useListedZones(wanted: boolean, chosen: string | null, device: string, recentZones: readonly string[]) {
  const intl = useIntl();
  const entries = useMemo(() => {
    if (!wanted) return null;
    const at = new Date();
    return listedTimeZones(Intl.supportedValuesOf('timeZone'), chosen).map((zone) => zoneEntry(zone, intl.locale, at));
  }, [wanted, chosen, intl]);
  return useMemo(() => {
    if (entries === null) return null;
    const { recent, all } = zoneSections(entries, device, recentZones.map(canonicalTimeZone));
    const listed = (entry: ZoneEntry): ListedZone => ({ zone: entry.zone, text: entryText(intl, entry) });
    return { recent: recent.map(listed), all: all.map(listed) };
  }, [entries, device, recentZones, intl]);
}

function ZoneGroup({ label, zones }: { label: string; zones: readonly ListedZone[] }) {
  if (zones.length === 0) return null;
  return (
    <OptionGroup label={label}>
      {zones.map(({ zone, text }) => (
        <Option key={zone} value={zone}>
          {text}
        </Option>
      ))}
    </OptionGroup>
  );
}

/**
 * Shows the calendar in another time zone than the device's, e.g. to plan with another office: a searchable list,
 * the device's zone first, then those chosen lately on this device, then all, each with its offset now and its name.
 */
export function TimeZoneSelect({ choice }: { choice: NonNullable<RegionalSettings['timeZoneChoice']> }) {
  const styles = useStyles();
  const intl = useIntl();
  const device = canonicalTimeZone(browserTimeZone());
  const chosen = choice.chosen === null ? null : canonicalTimeZone(choice.chosen);
  const selected = chosen === null || chosen === device ? DEVICE : chosen;
  // What the user has typed since the list opened; null shows the chosen zone.
  const [search, setSearch] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const [recentZones, setRecentZones] = useLocalStorageState(RECENT_KEY, isRecentTimeZones, NO_RECENT);
  const listed = useListedZones(wanted, chosen, device, recentZones);
  const deviceText = intl.formatMessage(CALENDAR_MESSAGES.devicesTimeZone, { zone: device.replaceAll('_', ' ') });
  const chosenText = useMemo(
    () => (selected === DEVICE ? deviceText : entryText(intl, zoneEntry(selected, intl.locale, new Date()))),
    [selected, deviceText, intl],
  );
  const shows = ({ text }: { text: string }) => !search || matchesZoneSearch(text, search);
  const recent = listed?.recent.filter(shows) ?? [];
  const all = listed?.all.filter(shows) ?? [];
  const showsDevice = shows({ text: deviceText });

  const choose = (zone: string | undefined) => {
    if (zone === undefined || zone === NO_MATCHES) return;
    setSearch(null);
    choice.choose(zone === DEVICE ? null : zone);
    if (zone !== DEVICE) setRecentZones(rememberTimeZone(recentZones, zone));
  };
  return (
    <Field label={intl.formatMessage(CALENDAR_MESSAGES.timeZone)} hint={intl.formatMessage(CALENDAR_MESSAGES.timeZoneHint)}>
      <Combobox
        className={styles.combobox}
        input={{ className: styles.combobox }}
        expandIcon={{ 'aria-label': intl.formatMessage(CALENDAR_MESSAGES.openTimeZoneList) }}
        value={search ?? chosenText}
        selectedOptions={[selected]}
        onFocus={() => setWanted(true)}
        onChange={(event) => setSearch(event.target.value)}
        onOpenChange={(_, data) => {
          setWanted(true);
          if (!data.open) setSearch(null);
        }}
        onOptionSelect={(_, data) => choose(data.optionValue)}
      >
        {showsDevice && <Option value={DEVICE}>{deviceText}</Option>}
        <ZoneGroup label={intl.formatMessage(CALENDAR_MESSAGES.recentTimeZones)} zones={recent} />
        <ZoneGroup label={intl.formatMessage(CALENDAR_MESSAGES.allTimeZones)} zones={all} />
        {listed && !showsDevice && recent.length === 0 && all.length === 0 && (
          <Option aria-disabled="true" value={NO_MATCHES} text="">
            {intl.formatMessage(CALENDAR_MESSAGES.noTimeZoneMatches)}
          </Option>
        )}
      </Combobox>
    </Field>
  );
}
