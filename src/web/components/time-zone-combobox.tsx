import { Combobox, Option, OptionGroup, makeStyles } from '@fluentui/react-components';
import { useMemo, useRef, useState, type FocusEvent, type MouseEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { browserTimeZone } from '../lib/time-zone.ts';
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
import { useLocalStorageState } from '../lib/use-local-storage-state.ts';
import { TIME_ZONE_MESSAGES as M } from './time-zone-messages.ts';

const useStyles = makeStyles({
  // As wide as its column, not as its longest zone name.
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
  return name ? intl.formatMessage(M.timeZoneOption, { offset, zone: readable, name }) : intl.formatMessage(M.unnamedTimeZoneOption, { offset, zone: readable });
}

const textOf = (intl: IntlShape, zone: string) => entryText(intl, zoneEntry(zone, intl.locale, new Date()));

/** Every zone with its text, at its offset now: some 400 formatters, so made when the list is first wanted, not with the page. */
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
 * Focus selects the field's text, so that typing replaces it ("Tokyo" finds Asia/Tokyo) rather than adding to the
 * zone shown. A click would put the caret back where it landed: the mouse-up that ends the focusing click is ignored.
 */
function useSelectOnFocus() {
  const focusing = useRef(false);
  return {
    onFocus: (event: FocusEvent<HTMLInputElement>) => {
      event.currentTarget.select();
      focusing.current = true;
    },
    onMouseUp: (event: MouseEvent<HTMLInputElement>) => {
      if (focusing.current) event.preventDefault();
      focusing.current = false;
    },
    onBlur: () => {
      focusing.current = false;
    },
  };
}

export interface TimeZoneComboboxProps {
  /** The zone chosen; null for the device's own, wherever it goes (offered when followsDevice). */
  chosen: string | null;
  /** Whether "This device's" is a choice that follows the device; otherwise the device's zone is listed first as itself. */
  followsDevice: boolean;
  onChoose(zone: string | null): void;
  name?: string;
  disabled?: boolean;
}

/**
 * A searchable list of time zones: the device's first, then those chosen lately on this device, then all, each with
 * its offset now and its name in the user's language. Goes inside a Field, which names it.
 */
export function TimeZoneCombobox({ chosen: chosenZone, followsDevice, onChoose, name, disabled }: TimeZoneComboboxProps) {
  const styles = useStyles();
  const intl = useIntl();
  const device = canonicalTimeZone(browserTimeZone());
  const chosen = chosenZone === null ? null : canonicalTimeZone(chosenZone);
  const selected = chosen === null || (followsDevice && chosen === device) ? DEVICE : chosen;
  // What the user has typed since the list opened; null shows the chosen zone.
  const [search, setSearch] = useState<string | null>(null);
  const [wanted, setWanted] = useState(false);
  const [recentZones, setRecentZones] = useLocalStorageState(RECENT_KEY, isRecentTimeZones, NO_RECENT);
  const listed = useListedZones(wanted, chosen, device, recentZones);
  const deviceOption = { zone: followsDevice ? DEVICE : device, text: followsDevice ? intl.formatMessage(M.devicesTimeZone, { zone: device.replaceAll('_', ' ') }) : textOf(intl, device) };
  const chosenText = useMemo(() => (selected === DEVICE ? deviceOption.text : textOf(intl, selected)), [selected, deviceOption.text, intl]);
  const shows = ({ text }: { text: string }) => !search || matchesZoneSearch(text, search);
  const recent = listed?.recent.filter(shows) ?? [];
  const all = listed?.all.filter(shows) ?? [];
  const showsDevice = shows(deviceOption);
  const selectOnFocus = useSelectOnFocus();

  const choose = (zone: string | undefined) => {
    if (zone === undefined || zone === NO_MATCHES) return;
    setSearch(null);
    onChoose(zone === DEVICE ? null : zone);
    if (zone !== DEVICE) setRecentZones(rememberTimeZone(recentZones, zone));
  };
  return (
    <Combobox
      className={styles.combobox}
      input={{ className: styles.combobox, name, ...selectOnFocus }}
      expandIcon={{ 'aria-label': intl.formatMessage(M.openTimeZoneList) }}
      disabled={disabled}
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
      {showsDevice && <Option value={deviceOption.zone}>{deviceOption.text}</Option>}
      <ZoneGroup label={intl.formatMessage(M.recentTimeZones)} zones={recent} />
      <ZoneGroup label={intl.formatMessage(M.allTimeZones)} zones={all} />
      {listed && !showsDevice && recent.length === 0 && all.length === 0 && (
        <Option aria-disabled="true" value={NO_MATCHES} text="">
          {intl.formatMessage(M.noTimeZoneMatches)}
        </Option>
      )}
    </Combobox>
  );
}
