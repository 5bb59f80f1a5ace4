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
import type { Calendar, CalendarInput } from '../../../shared/calendar-schema.ts';
import { AuthProvider } from '../../auth/auth-provider.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { FullPageStatus } from '../../components/full-page-status.tsx';
import { useNotify } from '../../components/notifications.tsx';
import { CalendarCheckboxList } from '../../features/calendars/components/calendar-checkbox-list.tsx';
import { CalendarEditor } from '../../features/calendars/components/calendar-editor.tsx';
import { calendarFieldErrors, type CalendarFormErrors } from '../../features/calendars/lib/calendar-form-values.ts';
import { tabCalendarIds, tabContentUrl } from '../../features/calendars/lib/tab-calendars.ts';
import { useCreateCalendar } from '../../features/calendars/requests/create-calendar.ts';
import { useCalendars } from '../../features/calendars/requests/get-calendars.ts';
import type { M365Host } from '../../host/detect-host.ts';
import { useHost } from '../../host/host-context.tsx';
import { errorMessage } from '../../lib/api-client.ts';

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
function tabName(calendars: readonly Calendar[]): string {
  const names = calendars.map((calendar) => calendar.name);
  const joined = names.join(', ');
  if (joined.length <= MAX_TAB_NAME_LENGTH || names.length === 1) return joined;
  return `${names[0]} and ${names.length - 1} more`;
}

/** Teams's configuration page (frameContext settings), below HostGate: which calendars a channel, chat or SharePoint tab shows. */
export function TabConfigPage() {
  const { host } = useHost();
  if (host.kind === 'standalone') {
    return (
      <FullPageStatus
        title="Open this page from Teams"
        detail="It sets up a Company Calendar tab. Add Company Calendar to a channel, a chat or a SharePoint page to use it."
      />
    );
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
  const headingId = useId('tab-calendars');
  const { me } = useAuth();
  const { notifyReady, notifyExpectedFailure } = useHost();
  const notify = useNotify();
  const calendars = useCalendars();
  const createCalendar = useCreateCalendar();
  const [selected, setSelected] = useState<string[]>([]);
  const [creating, setCreating] = useState(false);
  // The save handler is registered once; it reads the latest choice from here.
  const latest = useRef({ selected, calendars: calendars.data ?? [] });
  // A tab keeps its entity id when it is reconfigured: deep links into it go on working.
  const [entityId] = useState(() => host.context.page.id || crypto.randomUUID());

  useEffect(() => {
    latest.current = { selected, calendars: calendars.data ?? [] };
    host.sdk.pages.config.setValidityState(selected.length > 0);
  }, [host, selected, calendars.data]);

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
      const { selected: ids, calendars: all } = latest.current;
      const chosen = all.filter((calendar) => ids.includes(calendar.id));
      const contentUrl = tabContentUrl(ids);
      host.sdk.pages.config
        .setConfig({
          entityId,
          contentUrl,
          websiteUrl: contentUrl,
          suggestedDisplayName: tabName(chosen),
          removeUrl: new URL('/remove', window.location.origin).href,
        })
        .then(
          () => event.notifySuccess(),
          (error: unknown) => event.notifyFailure(errorMessage(error)),
        );
    });
  }, [host, entityId]);

  useEffect(() => {
    if (calendars.isSuccess) notifyReady();
    // The page offers Try again: the host must keep it on screen.
    if (calendars.isError) notifyExpectedFailure({ reason: 'other', message: errorMessage(calendars.error) });
  }, [calendars.isSuccess, calendars.isError, calendars.error, notifyReady, notifyExpectedFailure]);

  const setChosen = (calendarId: string, chosen: boolean) =>
    setSelected((current) => (chosen ? [...new Set([...current, calendarId])] : current.filter((id) => id !== calendarId)));

  const create = async (input: CalendarInput): Promise<CalendarFormErrors | null> => {
    try {
      const calendar = await createCalendar.mutateAsync(input);
      setChosen(calendar.id, true);
      setCreating(false);
      notify.success(`${calendar.name} created`);
      return null;
    } catch (error) {
      const fieldErrors = calendarFieldErrors(error);
      if (!fieldErrors) notify.error('The calendar could not be created', errorMessage(error));
      return fieldErrors;
    }
  };

  return (
    <main className={styles.root}>
      <Title2 as="h1" className={styles.heading}>
        Choose the calendars for this tab
      </Title2>
      <Body1>Everyone here sees their events. People with edit rights can add and change events in them.</Body1>
      <section className={styles.section} aria-labelledby={headingId}>
        <Subtitle2 as="h2" id={headingId} className={styles.heading}>
          Calendars
        </Subtitle2>
        {calendars.isPending ? (
          <Skeleton aria-label="Loading calendars">
            <SkeletonItem />
            <SkeletonItem />
          </Skeleton>
        ) : calendars.isError ? (
          <>
            <Body1>Calendars could not be loaded. {errorMessage(calendars.error)}</Body1>
            <Button onClick={() => void calendars.refetch()}>Try again</Button>
          </>
        ) : (
          <CalendarCheckboxList calendars={calendars.data} isChecked={(id) => selected.includes(id)} onCheckedChange={setChosen} />
        )}
        {calendars.isSuccess && selected.length === 0 && <Caption1 className={styles.hint}>Choose at least one calendar to save the tab.</Caption1>}
      </section>
      {me.roles.includes('admin') &&
        (creating ? (
          <section className={styles.section} aria-label="New calendar">
            <Subtitle2 as="h2" className={styles.heading}>
              New calendar
            </Subtitle2>
            <CalendarEditor calendar={null} saving={createCalendar.isPending} onSave={create} onCancel={() => setCreating(false)} />
          </section>
        ) : (
          <Button className={styles.newCalendar} icon={<Add20Regular />} onClick={() => setCreating(true)}>
            New calendar
          </Button>
        ))}
    </main>
  );
}
