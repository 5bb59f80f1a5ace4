import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import type { UserRef } from '../../../../shared/event-schema.ts';
import { useRegionalSettings } from '../../../host/regional-settings.tsx';
import { useLiveRefetch } from '../../../lib/use-live-refetch.ts';
import { useHistoryDisplay } from '../hooks/use-history-display.ts';
import { HISTORY_MESSAGES as M } from '../lib/history-messages.ts';
import { activityFilter } from '../lib/activity-filter.ts';
import { useCalendarActivity } from '../requests/get-history.ts';
import { HistoryEntryList } from './history-entry-list.tsx';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
});

/** Everyone seen in the activity so far, kept while a filter narrows it to one person. */
function useKnownPeople(entries: readonly { by: UserRef }[]): UserRef[] {
  const [people, setPeople] = useState<UserRef[]>([]);
  const unseen = entries.map((entry) => entry.by).filter((by, index, all) => !people.some((person) => person.id === by.id) && all.findIndex((other) => other.id === by.id) === index);
  // Set while rendering, as React allows for state that follows props: the list grows before it is drawn.
  if (unseen.length > 0) setPeople([...people, ...unseen].sort((a, b) => a.name.localeCompare(b.name)));
  return people;
}

interface CalendarActivityProps {
  calendar: Calendar;
  /** Every calendar the admin reads: moves name them. */
  calendars: readonly Calendar[];
}

/** A calendar's activity (admins): every change to its events and to itself, by person and dates, newest first. */
export function CalendarActivity({ calendar, calendars }: CalendarActivityProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const { timeZone } = useRegionalSettings();
  const [by, setBy] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const { backwards, ...filter } = activityFilter({ by, from, to }, timeZone);
  const history = useCalendarActivity(calendar.id, filter);
  useLiveRefetch((notice) => notice.calendarId === calendar.id || notice.fromCalendarId === calendar.id, history.refetch);
  const people = useKnownPeople(history.data?.pages.flatMap((page) => page.entries) ?? []);
  const display = useHistoryDisplay(calendars);
  return (
    <div className={styles.root}>
      <div className={styles.filters}>
        <Field label={say(M.person)}>
          <Select value={by} onChange={(_, data) => setBy(data.value)}>
            <option value="">{say(M.everyone)}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={say(M.from)}>
          <Input type="date" value={from} max={to || undefined} onChange={(_, data) => setFrom(data.value)} />
        </Field>
        <Field label={say(M.to)} validationMessage={backwards ? say(M.toBeforeFrom) : undefined}>
          <Input type="date" value={to} min={from || undefined} onChange={(_, data) => setTo(data.value)} />
        </Field>
      </div>
      <HistoryEntryList history={history} display={display} titled empty={say(M.activityEmpty)} />
    </div>
  );
}
