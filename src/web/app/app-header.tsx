import { Title3, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { CalendarLtr24Regular } from '@fluentui/react-icons';
import { FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import type { Me, Role } from '../../shared/user.ts';
import type { HeaderSearch } from '../features/search/hooks/use-header-search.ts';
import { useMediaQuery } from '../lib/use-media-query.ts';
import { HEADER_COMPACT_QUERY } from './app-header-layout.ts';
import type { HeaderCommands, PanelToggleProps } from './header-commands.tsx';
import { HeaderCommandButtons, HeaderSearchBox, PanelToggle } from './lazy-chrome.tsx';
import { SHELL_MESSAGES } from './shell-messages.ts';
import { REGION_ATTRIBUTE } from './use-region-jump.ts';

// Highest first: the header names the user's strongest role.
const ROLE_NAMES: [Role, MessageDescriptor][] = [
  ['admin', SHELL_MESSAGES.roleAdmin],
  ['editor', SHELL_MESSAGES.roleEditor],
  ['reader', SHELL_MESSAGES.roleReader],
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
  // The search box gives way before the title does; on phones a button, its box opening over the whole row.
  search: { flexGrow: 0, flexShrink: 2, flexBasis: '280px', minWidth: '160px', height: '32px' },
  searchPhone: { flexShrink: 0, width: '32px', height: '32px' },
  searchPhoneOpen: { flexGrow: 1, minWidth: 0 },
  // The page keeps its title for screen readers while the phone's search box has the row.
  hiddenTitle: { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clipPath: 'inset(50%)', whiteSpace: 'nowrap' },
});

interface AppHeaderProps extends HeaderCommands, PanelToggleProps {
  me: Me;
  /** The phone layout: a smaller title, New event as an icon, the rest in the menu. */
  phone: boolean;
  /** False while the calendar draws its first events: the toggle and the commands keep their places until then. */
  commandsShown: boolean;
  search: HeaderSearch;
}

export function AppHeader({ me, phone, panel, commandsShown, search, ...commands }: AppHeaderProps) {
  const styles = useStyles();
  const compact = useMediaQuery(HEADER_COMPACT_QUERY);
  const intl = useIntl();
  const roleName = ROLE_NAMES.find(([candidate]) => me.roles.includes(candidate))?.[1];
  const role = roleName && intl.formatMessage(roleName);
  const togglePlace = <div className={styles.togglePlace} />;
  const commandsPlace = <div className={mergeClasses(styles.commandsPlace, !phone && !compact && styles.commandsPlaceWide)} />;
  const region = { [REGION_ATTRIBUTE]: 'header', 'aria-label': intl.formatMessage(SHELL_MESSAGES.regionHeader) };
  if (commandsShown && search.phoneBoxOpen) {
    return (
      <header className={mergeClasses(styles.header, styles.headerPhone)} {...region}>
        <h1 className={styles.hiddenTitle}>
          <FormattedMessage {...SHELL_MESSAGES.appTitle} />
        </h1>
        <div className={styles.searchPhoneOpen}>
          <HeaderSearchBox search={search} phone />
        </div>
      </header>
    );
  }
  return (
    <header className={mergeClasses(styles.header, phone && styles.headerPhone)} {...region}>
      {commandsShown ? <PanelToggle panel={panel} fallback={togglePlace} /> : togglePlace}
      <div className={styles.brand}>
        {!phone && <CalendarLtr24Regular aria-hidden />}
        <Title3 as="h1" className={mergeClasses(styles.title, phone && styles.titlePhone)}>
          <FormattedMessage {...SHELL_MESSAGES.appTitle} />
        </Title3>
      </div>
      <div className={styles.spacer} />
      <div className={phone ? styles.searchPhone : styles.search}>{commandsShown && <HeaderSearchBox search={search} phone={phone} />}</div>
      {commandsShown ? <HeaderCommandButtons me={me} role={role} phone={phone} compact={compact} fallback={commandsPlace} {...commands} /> : commandsPlace}
    </header>
  );
}
