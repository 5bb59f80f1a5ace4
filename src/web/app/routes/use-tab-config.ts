import { useEffect, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Calendar } from '../../../shared/calendar-schema.ts';
import { tabCalendarIds, tabContentUrl } from '../../features/calendars/lib/tab-calendars.ts';
import { useCalendars } from '../../features/calendars/requests/get-calendars.ts';
import type { M365Host } from '../../host/detect-host.ts';
import { useHost } from '../../host/host-context.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { TAB_MESSAGES } from './tab-messages.ts';

// Teams shows a tab's name in a narrow strip.
const MAX_TAB_NAME_LENGTH = 30;

/** The tab's suggested name: its calendars' names, or the first and a count when they do not fit. */
function tabName(calendars: readonly Calendar[], intl: IntlShape): string {
  const names = calendars.map((calendar) => calendar.name);
  const joined = intl.formatList(names, { type: 'unit', style: 'short' });
  if (joined.length <= MAX_TAB_NAME_LENGTH || names.length === 1) return joined;
  return intl.formatMessage(TAB_MESSAGES.nameAndMore, { first: names[0]!, more: names.length - 1 });
}

/** The calendars chosen for the tab, kept in step with the host: whether it may be saved, what it shows now, saving it. */
export function useTabConfig(host: M365Host) {
  const intl = useIntl();
  const { notifyReady, notifyExpectedFailure } = useHost();
  const calendars = useCalendars();
  const [selected, setSelected] = useState<string[]>([]);
  // The save handler is registered once; it reads the latest choice from here.
  const latest = useRef({ selected, calendars: calendars.data ?? [], intl });
  // A tab keeps its entity id when it is reconfigured: deep links into it go on working.
  const [entityId] = useState(() => host.context.page.id || crypto.randomUUID());

  useEffect(() => {
    latest.current = { selected, calendars: calendars.data ?? [], intl };
    host.sdk.pages.config.setValidityState(selected.length > 0);
  }, [host, selected, calendars.data, intl]);

  // Reconfiguring: start from the calendars the tab shows now, unless the user has already chosen.
  useEffect(() => {
    host.sdk.pages.getConfig().then(
      (config) => {
        const current = config?.contentUrl ? tabCalendarIds(new URL(config.contentUrl).search) : null;
        if (current) setSelected((chosen) => (chosen.length > 0 ? chosen : current));
      },
      // A new tab has no configuration yet.
      () => undefined,
    );
  }, [host]);

  useEffect(() => {
    host.sdk.pages.config.registerOnSaveHandler((event) => {
      const { selected: ids, calendars: all, intl: current } = latest.current;
      const chosen = all.filter((calendar) => ids.includes(calendar.id));
      const contentUrl = tabContentUrl(ids);
      host.sdk.pages.config
        .setConfig({
          entityId,
          contentUrl,
          websiteUrl: contentUrl,
          suggestedDisplayName: tabName(chosen, current),
          removeUrl: new URL('/remove', window.location.origin).href,
        })
        .then(
          () => event.notifySuccess(),
          (error: unknown) => event.notifyFailure(errorMessage(error, current)),
        );
    });
  }, [host, entityId]);

  useEffect(() => {
    if (calendars.isSuccess) notifyReady();
    // The page offers Try again: the host must keep it on screen.
    if (calendars.isError) notifyExpectedFailure({ reason: 'other', message: errorMessage(calendars.error, intl) });
  }, [calendars.isSuccess, calendars.isError, calendars.error, notifyReady, notifyExpectedFailure, intl]);

  const setChosen = (calendarId: string, chosen: boolean) =>
    setSelected((current) => (chosen ? [...new Set([...current, calendarId])] : current.filter((id) => id !== calendarId)));

  return { calendars, selected, setChosen };
}
