import { Avatar, Button, Caption1, Text, Title3, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular, CalendarLtr24Regular, Navigation20Regular, Settings20Regular, SignOut20Regular } from '@fluentui/react-icons';
import type { Me, Role } from '../../shared/user.ts';

// Highest first: the header names the user's strongest role.
const ROLE_NAMES: [Role, string][] = [
  ['admin', 'Admin'],
  ['editor', 'Editor'],
  ['reader', 'Reader'],
];

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorBrandForeground1 },
  title: { margin: 0, color: tokens.colorNeutralForeground1 },
  spacer: { flexGrow: 1 },
  user: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  userText: { display: 'flex', flexDirection: 'column' },
  role: { color: tokens.colorNeutralForeground2 },
});

interface AppHeaderProps {
  me: Me;
  /** Narrow screens: less text. */
  compact: boolean;
  /** The collapsible calendar panel, on narrow screens. */
  panel: { id: string; expanded: boolean; onToggle(): void } | null;
  onNewEvent: (() => void) | null;
  onManageCalendars: (() => void) | null;
  /** Null where the host owns the session. */
  onSignOut: (() => void) | null;
}

export function AppHeader({ me, compact, panel, onNewEvent, onManageCalendars, onSignOut }: AppHeaderProps) {
  const styles = useStyles();
  const role = ROLE_NAMES.find(([candidate]) => me.roles.includes(candidate))?.[1];
  return (
    <header className={styles.header}>
      {panel && (
        <Tooltip content="Calendars" relationship="label">
          <Button
            appearance="subtle"
            icon={<Navigation20Regular />}
            aria-expanded={panel.expanded}
            aria-controls={panel.id}
            onClick={panel.onToggle}
          />
        </Tooltip>
      )}
      <div className={styles.brand}>
        <CalendarLtr24Regular aria-hidden />
        <Title3 as="h1" className={styles.title}>
          Company Calendar
        </Title3>
      </div>
      <div className={styles.spacer} />
      {onNewEvent && (
        <Button appearance="primary" icon={<Add20Regular />} onClick={onNewEvent}>
          New event
        </Button>
      )}
      {onManageCalendars && (
        <Button icon={<Settings20Regular />} onClick={onManageCalendars}>
          Manage calendars
        </Button>
      )}
      <div className={styles.user} data-testid="signed-in-user">
        <Avatar name={me.name} color="colorful" aria-hidden />
        <div className={styles.userText}>
          <Text weight="semibold">{me.name}</Text>
          {!compact && role && <Caption1 className={styles.role}>{role}</Caption1>}
        </div>
      </div>
      {onSignOut && (
        <Button appearance="subtle" icon={<SignOut20Regular />} onClick={onSignOut}>
          Sign out
        </Button>
      )}
    </header>
  );
}
