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
import { useIntl } from 'react-intl';
import { AuthProvider } from '../../auth/auth-provider.tsx';
import { useAuth } from '../../auth/auth-context.ts';
import { COMMON_MESSAGES } from '../../components/common-messages.ts';
import { FullPageStatus } from '../../components/full-page-status.tsx';
import { CalendarCheckboxList } from '../../features/calendars/components/calendar-checkbox-list.tsx';
import { CALENDARS_MESSAGES } from '../../features/calendars/lib/calendars-messages.ts';
import type { useCalendars } from '../../features/calendars/requests/get-calendars.ts';
import type { M365Host } from '../../host/detect-host.ts';
import { useHost } from '../../host/host-context.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { SHELL_MESSAGES } from '../shell-messages.ts';
import { TAB_MESSAGES } from './tab-messages.ts';
import { TabNewCalendar } from './tab-new-calendar.tsx';
import { useTabConfig } from './use-tab-config.ts';

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
});

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
  const { calendars, selected, setChosen } = useTabConfig(host);

  return (
    <main className={styles.root}>
      <Title2 as="h1" className={styles.heading}>
        {intl.formatMessage(TAB_MESSAGES.chooseCalendars)}
      </Title2>
      <Body1>{intl.formatMessage(TAB_MESSAGES.chooseCalendarsDetail)}</Body1>
      <TabCalendarsSection calendars={calendars} isChecked={(id) => selected.includes(id)} onCheckedChange={setChosen} noneChosen={selected.length === 0} />
      {me.roles.includes('admin') && <TabNewCalendar onCreated={(calendarId) => setChosen(calendarId, true)} />}
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
