import { Avatar, Button, Caption1, Text, Tooltip, makeStyles, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { Add20Regular, Navigation20Regular, Settings20Regular, SignOut20Regular } from '@fluentui/react-icons';
import { FormattedMessage, useIntl } from 'react-intl';
import type { Me } from '../../shared/user.ts';
import { AppHeaderMenu } from './app-header-menu.tsx';
import { SHELL_MESSAGES } from './shell-messages.ts';

// The header's controls, which come just after the calendar's first events (see lazy-chrome.tsx).

const useStyles = makeStyles({
  command: { flexShrink: 0 },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  userText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  userName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  role: { color: tokens.colorNeutralForeground2 },
});

export interface HeaderCommands {
  onNewEvent: (() => void) | null;
  onManageCalendars: (() => void) | null;
  /** Null where the host owns the session. */
  onSignOut: (() => void) | null;
  onShowShortcuts: () => void;
  /** Calendar subscriptions: personal links for Outlook and other calendar apps. */
  onSubscriptions: () => void;
}

export interface PanelToggleProps {
  /** The calendar panel's ☰ toggle: the side panel on wide screens (whose id it controls), else the drawer. */
  panel: { id: string | null; expanded: boolean; onToggle(): void };
}

/** The ☰ button that shows and hides the calendars. */
export function PanelToggle({ panel }: PanelToggleProps) {
  const intl = useIntl();
  // The drawer gives focus back to the toggle when it closes.
  const restoreFocusTarget = useRestoreFocusTarget();
  return (
    <Tooltip content={intl.formatMessage(SHELL_MESSAGES.calendarsToggle)} relationship="label">
      <Button
        appearance="subtle"
        icon={<Navigation20Regular />}
        aria-expanded={panel.expanded}
        {...(panel.id ? { 'aria-controls': panel.id } : { 'aria-haspopup': 'dialog' as const })}
        onClick={panel.onToggle}
        {...restoreFocusTarget}
      />
    </Tooltip>
  );
}

/** A header narrower than the full one: New event (as an icon on a phone), and the rest in the menu. */
function CompactCommands({ signedInAs, labelled, onNewEvent, onManageCalendars, onSignOut, onShowShortcuts, onSubscriptions }: HeaderCommands & { signedInAs: string; labelled: boolean }) {
  const styles = useStyles();
  const intl = useIntl();
  return (
    <>
      {onNewEvent && (
        <Button
          className={styles.command}
          appearance="primary"
          icon={<Add20Regular />}
          aria-label={labelled ? undefined : intl.formatMessage(SHELL_MESSAGES.newEvent)}
          onClick={onNewEvent}
        >
          {labelled && <FormattedMessage {...SHELL_MESSAGES.newEvent} />}
        </Button>
      )}
      <AppHeaderMenu signedInAs={signedInAs} onManageCalendars={onManageCalendars} onSignOut={onSignOut} onShowShortcuts={onShowShortcuts} onSubscriptions={onSubscriptions} />
    </>
  );
}

/** A wide header: every command a labelled button, who is signed in, and the menu for the rest. */
function WideCommands({ me, role, onNewEvent, onManageCalendars, onSignOut, onShowShortcuts, onSubscriptions }: HeaderCommands & { me: Me; role: string | undefined }) {
  const styles = useStyles();
  return (
    <>
      {onNewEvent && (
        <Button className={styles.command} appearance="primary" icon={<Add20Regular />} onClick={onNewEvent}>
          <FormattedMessage {...SHELL_MESSAGES.newEvent} />
        </Button>
      )}
      {onManageCalendars && (
        <Button className={styles.command} icon={<Settings20Regular />} onClick={onManageCalendars}>
          <FormattedMessage {...SHELL_MESSAGES.manageCalendars} />
        </Button>
      )}
      <div className={styles.user} data-testid="signed-in-user">
        <Avatar name={me.name} color="colorful" aria-hidden />
        <div className={styles.userText}>
          <Text weight="semibold" className={styles.userName}>
            {me.name}
          </Text>
          {role && <Caption1 className={styles.role}>{role}</Caption1>}
        </div>
      </div>
      {onSignOut && (
        <Button className={styles.command} appearance="subtle" icon={<SignOut20Regular />} onClick={onSignOut}>
          <FormattedMessage {...SHELL_MESSAGES.signOut} />
        </Button>
      )}
      <AppHeaderMenu signedInAs={null} onManageCalendars={null} onSignOut={null} onShowShortcuts={onShowShortcuts} onSubscriptions={onSubscriptions} />
    </>
  );
}

export interface HeaderCommandButtonsProps extends HeaderCommands {
  me: Me;
  role: string | undefined;
  phone: boolean;
  /** A header narrower than the full one. */
  compact: boolean;
}

/** The header's commands: each a labelled button when the header is wide, else New event and a menu for the rest. */
export function HeaderCommandButtons({ me, role, phone, compact, ...commands }: HeaderCommandButtonsProps) {
  const intl = useIntl();
  const signedInAs = role ? intl.formatMessage(SHELL_MESSAGES.signedInAsWithRole, { name: me.name, role }) : intl.formatMessage(SHELL_MESSAGES.signedInAs, { name: me.name });
  return phone || compact ? (
    <CompactCommands signedInAs={signedInAs} labelled={!phone} {...commands} />
  ) : (
    <WideCommands me={me} role={role} {...commands} />
  );
}
