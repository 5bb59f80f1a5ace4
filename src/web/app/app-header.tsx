import { Avatar, Button, Caption1, Text, Title3, Tooltip, makeStyles, mergeClasses, tokens, useRestoreFocusTarget } from '@fluentui/react-components';
import { Add20Regular, CalendarLtr24Regular, Navigation20Regular, Settings20Regular, SignOut20Regular } from '@fluentui/react-icons';
import type { Me, Role } from '../../shared/user.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { HEADER_COMPACT_QUERY } from './app-header-layout.ts';
import { AppHeaderMenu } from './app-header-menu.tsx';
import { SHELL_MESSAGES } from './shell-messages.ts';

// Highest first: the header names the user's strongest role.
const ROLE_NAMES: [Role, string][] = [
  ['admin', 'Admin'],
  ['editor', 'Editor'],
  ['reader', 'Reader'],
];

const useStyles = makeStyles({
  // One row at every width: the title gives way (ellipsis) before anything wraps or overflows.
  header: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'nowrap',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    '@media print': { display: 'none' },
  },
  headerPhone: {
    gap: tokens.spacingHorizontalXS,
    paddingBlock: tokens.spacingVerticalXS,
    paddingInline: tokens.spacingHorizontalXS,
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorBrandForeground1, minWidth: 0 },
  title: { margin: 0, color: tokens.colorNeutralForeground1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  titlePhone: { fontSize: tokens.fontSizeBase400, lineHeight: tokens.lineHeightBase400 },
  spacer: { flexGrow: 1 },
  // Holds the places of the toggle and the commands until they render, so nothing moves when they do.
  togglePlace: { flexShrink: 0, width: '32px', height: '32px' },
  commandsPlace: { height: '32px' },
  commandsPlaceWide: { height: '36px' },
  command: { flexShrink: 0 },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  userText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  userName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  role: { color: tokens.colorNeutralForeground2 },
});

interface HeaderCommands {
  onNewEvent: (() => void) | null;
  onManageCalendars: (() => void) | null;
  /** Null where the host owns the session. */
  onSignOut: (() => void) | null;
}

interface AppHeaderProps extends HeaderCommands {
  me: Me;
  /** The phone layout: a smaller title, New event as an icon, the rest in the menu. */
  phone: boolean;
  /** The calendar panel's ☰ toggle: the side panel on wide screens (whose id it controls), the drawer on phones. */
  panel: { id: string | null; expanded: boolean; onToggle(): void };
  /** False while the calendar draws its first events: the toggle and the commands keep their places until then. */
  commandsShown: boolean;
}

export function AppHeader({ me, phone, panel, commandsShown, ...commands }: AppHeaderProps) {
  const styles = useStyles();
  // The drawer gives focus back to the toggle when it closes.
  const restoreFocusTarget = useRestoreFocusTarget();
  const compact = useMediaQuery(HEADER_COMPACT_QUERY);
  const role = ROLE_NAMES.find(([candidate]) => me.roles.includes(candidate))?.[1];
  return (
    <header className={mergeClasses(styles.header, phone && styles.headerPhone)}>
      {commandsShown ? (
        <Tooltip content={SHELL_MESSAGES.calendarsToggle} relationship="label">
          <Button
            appearance="subtle"
            icon={<Navigation20Regular />}
            aria-expanded={panel.expanded}
            {...(panel.id ? { 'aria-controls': panel.id } : { 'aria-haspopup': 'dialog' as const })}
            onClick={panel.onToggle}
            {...restoreFocusTarget}
          />
        </Tooltip>
      ) : (
        <div className={styles.togglePlace} />
      )}
      <div className={styles.brand}>
        {!phone && <CalendarLtr24Regular aria-hidden />}
        <Title3 as="h1" className={mergeClasses(styles.title, phone && styles.titlePhone)}>
          {SHELL_MESSAGES.appTitle}
        </Title3>
      </div>
      <div className={styles.spacer} />
      {!commandsShown ? (
        <div className={mergeClasses(styles.commandsPlace, !phone && !compact && styles.commandsPlaceWide)} />
      ) : phone || compact ? (
        <CompactCommands signedInAs={SHELL_MESSAGES.signedInAs(me.name, role)} labelled={!phone} {...commands} />
      ) : (
        <WideCommands me={me} role={role} {...commands} />
      )}
    </header>
  );
}

/** A header narrower than the full one: New event (as an icon on a phone), and the rest in the menu. */
function CompactCommands({ signedInAs, labelled, onNewEvent, onManageCalendars, onSignOut }: HeaderCommands & { signedInAs: string; labelled: boolean }) {
  const styles = useStyles();
  return (
    <>
      {onNewEvent && (
        <Button
          className={styles.command}
          appearance="primary"
          icon={<Add20Regular />}
          aria-label={labelled ? undefined : SHELL_MESSAGES.newEvent}
          onClick={onNewEvent}
        >
          {labelled && SHELL_MESSAGES.newEvent}
        </Button>
      )}
      <AppHeaderMenu signedInAs={signedInAs} onManageCalendars={onManageCalendars} onSignOut={onSignOut} />
    </>
  );
}

/** A wide header: every command a labelled button, who is signed in, and the menu for the rest. */
function WideCommands({ me, role, onNewEvent, onManageCalendars, onSignOut }: HeaderCommands & { me: Me; role: string | undefined }) {
  const styles = useStyles();
  return (
    <>
      {onNewEvent && (
        <Button className={styles.command} appearance="primary" icon={<Add20Regular />} onClick={onNewEvent}>
          {SHELL_MESSAGES.newEvent}
        </Button>
      )}
      {onManageCalendars && (
        <Button className={styles.command} icon={<Settings20Regular />} onClick={onManageCalendars}>
          {SHELL_MESSAGES.manageCalendars}
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
          {SHELL_MESSAGES.signOut}
        </Button>
      )}
      <AppHeaderMenu signedInAs={null} onManageCalendars={null} onSignOut={null} />
    </>
  );
}
