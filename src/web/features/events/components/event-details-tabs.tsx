import { Skeleton, SkeletonItem, Tab, TabList, makeStyles, tokens, useId } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { Calendar } from '../../../../shared/calendar-schema.ts';
import { lazyComponent } from '../../../components/lazy-component.tsx';
import type { EventDetails } from '../hooks/use-event-details.ts';
import { HISTORY_MESSAGES as M } from '../lib/history-messages.ts';

// The history's code (its sentences, the requests) loads when the tab is first chosen.
const EventHistory = lazyComponent(() => import('./event-history.tsx').then((module) => module.EventHistory));

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalS },
});

function Loading() {
  return (
    <Skeleton aria-label={useIntl().formatMessage(M.loading)}>
      <SkeletonItem size={16} />
    </Skeleton>
  );
}

interface EventDetailsTabsProps {
  details: EventDetails;
  calendars: readonly Calendar[];
  /** The Details tab's content. */
  children: ReactNode;
}

/** Details and History, as tabs over the loaded event's details. */
export function EventDetailsTabs({ details, calendars, children }: EventDetailsTabsProps) {
  const styles = useStyles();
  const say = useIntl().formatMessage;
  const [tab, setTab] = useState<'details' | 'history'>('details');
  const id = useId('event-tab');
  const { event, occurrence, series } = details;
  if (!event) return children;
  const eventKey = occurrence ? { calendarId: occurrence.calendarId, eventId: occurrence.seriesId } : { calendarId: event.extendedProps.calendarId, eventId: event.id };
  return (
    <>
      <TabList className={styles.tabs} selectedValue={tab} onTabSelect={(_, data) => setTab(data.value === 'history' ? 'history' : 'details')}>
        <Tab id={`${id}-details`} value="details">
          {say(M.detailsTab)}
        </Tab>
        <Tab id={`${id}-history`} value="history">
          {say(M.historyTab)}
        </Tab>
      </TabList>
      <div role="tabpanel" aria-labelledby={`${id}-${tab}`}>
        {tab === 'history' ? <EventHistory eventKey={eventKey} series={series} calendars={calendars} fallback={<Loading />} /> : children}
      </div>
    </>
  );
}
