import {
  Body1,
  Button,
  Caption1,
  Skeleton,
  SkeletonItem,
  Subtitle2,
  Title2,
  makeStyles,
  tokens,
  useId,
} from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Calendar, CalendarInput } from '../../../shared/calendar-schema.ts';
import { AuthProvider } from '../../auth/auth-provider.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { COMMON_MESSAGES } from '../../components/common-messages.ts';
import { FullPageStatus } from '../../components/full-page-status.tsx';
import { useNotify } from '../../components/notifications.tsx';
import { CalendarCheckboxList } from '../../features/calendars/components/calendar-checkbox-list.tsx';
import { CalendarEditor } from '../../features/calendars/components/calendar-editor.tsx';
import { calendarFieldErrors, type CalendarFormErrors } from '../../features/calendars/lib/calendar-form-values.ts';
import { CALENDARS_MESSAGES } from '../../features/calendars/lib/calendars-messages.ts';
import { MANAGE_CALENDARS_MESSAGES } from '../../features/calendars/lib/manage-calendars-messages.ts';
import { tabCalendarIds, tabContentUrl } from '../../features/calendars/lib/tab-calendars.ts';
import { useCreateCalendar } from '../../features/calendars/requests/create-calendar.ts';
import { useCalendars } from '../../features/calendars/requests/get-calendars.ts';
import type { M365Host } from '../../host/detect-host.ts';
import { useHost } from '../../host/host-context.tsx';
import { errorMessage } from '../../lib/api-client.ts';
import { SHELL_MESSAGES } from '../shell-messages.ts';
import { TAB_MESSAGES } from './tab-messages.ts';

const useStyles = makeStyles({
  root: {
    boxSizing: 'border-box',
    maxWidth: '640px',
    padding: tokens.spacingHorizontalXL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
  },
  heading: { margin: 0 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  hint: { color: tokens.colorNeutralForeground2 },
  newCalendar: { alignSelf: 'flex-start' },
});

// Teams shows a tab's name in a narrow strip.
const MAX_TAB_NAME_LENGTH = 30;

/** The tab's suggested name: its calendars' names, or the first and a count when they do not fit. */
function tabName(calendars: readonly Calendar[], intl: IntlShape): string {
  const names = calendars.map((calendar) => calendar.name);
  const joined = intl.formatList(names, { type: 'unit', style: 'short' });
  if (joined.length <= MAX_TAB_NAME_LENGTH || names.length === 1) return joined;
  return intl.formatMessage(TAB_MESSAGES.nameAndMore, { first: names[0]!, more: names.length - 1 });
}

/** Teams's configuration page (frameContext settings), below HostGate: which calendars a channel, chat or SharePoint tab shows. */
export function TabConfigPage() {
  const { host } = useHost();
  const intl = useIntl();
  if (host.kind === 'standalone') {
    return <FullPageStatus title={intl.formatMessage(TAB_MESSAGES.openFromTeams)} detail={intl.formatMessage(TAB_MESSAGES.openFromTeamsDetail)} />;
  }
  // Signing in only here: a visitor outside any host has nothing to sign in for.
  return (
    <AuthProvider>
      <TabConfigForm host={host} />
    </AuthProvider>
  );
}

function TabConfigForm({ host }: { host: M365Host }) {
  const styles = useStyles();
  const intl = useIntl();
  const { me } = useAuth();
  const { notifyReady, notifyExpectedFailure } = useHost();
  const notify = useNotify();
  const calendars = useCalendars();
  const createCalendar = useCreateCalendar();
  const [selected, setSelected] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
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

  const create = async (input: CalendarInput): Promise<CalendarFormErrors | null> => {
    try {
      const calendar = await createCalendar.mutateAsync(input);
      setChosen(calendar.id, true);
      setCreating(false);
      notify.success(intl.formatMessage(MANAGE_CALENDARS_MESSAGES.createdNamed, { name: calendar.name }));
      return null;
    } catch (error) {
      const fieldErrors = calendarFieldErrors(error);
      if (!fieldErrors) notify.error(intl.formatMessage(MANAGE_CALENDARS_MESSAGES.createFailed), errorMessage(error, intl));
      return fieldErrors;
    }
  };

  return (
    <main className={styles.root}>
      <Title2 as="h1" className={styles.heading}>
        {intl.formatMessage(TAB_MESSAGES.chooseCalendars)}
      </Title2>
      <Body1>{intl.formatMessage(TAB_MESSAGES.chooseCalendarsDetail)}</Body1>
      <TabCalendarsSection calendars={calendars} isChecked={(id) => selected.includes(id)} onCheckedChange={setChosen} noneChosen={selected.length === 0} />
      {me.roles.includes('admin') &&
        (creating ? (
          <section className={styles.section} aria-label={intl.formatMessage(MANAGE_CALENDARS_MESSAGES.newCalendar)}>
            <Subtitle2 as="h2" className={styles.heading}>
              {intl.formatMessage(MANAGE_CALENDARS_MESSAGES.newCalendar)}
            </Subtitle2>
            <CalendarEditor calendar={null} saving={createCalendar.isPending} onSave={create} onCancel={() => setCreating(false)} />
          </section>
        ) : (
          <Button className={styles.newCalendar} icon={<Add20Regular />} onClick={() => setCreating(true)}>
            {intl.formatMessage(MANAGE_CALENDARS_MESSAGES.newCalendar)}
          </Button>
        ))}
    </main>
  );
}

/** The calendars to choose from, once they are loaded; a way to load them again if they could not be. */
function TabCalendarsSection({
  calendars,
  isChecked,
  onCheckedChange,
  noneChosen,
}: {
  calendars: ReturnType<typeof useCalendars>;
  isChecked(calendarId: string): boolean;
  onCheckedChange(calendarId: string, checked: boolean): void;
  noneChosen: boolean;
}) {
  const styles = useStyles();
  const intl = useIntl();
  const headingId = useId('tab-calendars');
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <Subtitle2 as="h2" id={headingId} className={styles.heading}>
        {intl.formatMessage(CALENDARS_MESSAGES.heading)}
      </Subtitle2>
      {calendars.isPending ? (
        <Skeleton aria-label={intl.formatMessage(CALENDARS_MESSAGES.loading)}>
          <SkeletonItem />
          <SkeletonItem />
        </Skeleton>
      ) : calendars.isError ? (
        <>
          <Body1>{intl.formatMessage(SHELL_MESSAGES.calendarsFailed, { reason: errorMessage(calendars.error, intl) })}</Body1>
          <Button onClick={() => void calendars.refetch()}>{intl.formatMessage(COMMON_MESSAGES.tryAgain)}</Button>
        </>
      ) : (
        <CalendarCheckboxList calendars={calendars.data} isChecked={isChecked} onCheckedChange={onCheckedChange} />
      )}
      {calendars.isSuccess && noneChosen && <Caption1 className={styles.hint}>{intl.formatMessage(TAB_MESSAGES.chooseAtLeastOne)}</Caption1>}
    </section>
  );
}
