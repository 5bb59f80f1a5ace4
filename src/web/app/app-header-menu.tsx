import { Button, Menu, MenuDivider, MenuGroup, MenuGroupHeader, MenuItem, MenuItemLink, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { CalendarSync20Regular, Keyboard20Regular, MoreHorizontal20Regular, Print20Regular, QuestionCircle20Regular, Settings20Regular, SignOut20Regular } from '@fluentui/react-icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { SHELL_MESSAGES } from './shell-messages.ts';

interface AppHeaderMenuProps {
  /** Who is signed in, shown in the menu (with Sign out) when the header has no room for them. */
  signedInAs: string | null;
  /** Commands the header has no room for as buttons; null when the user may not use them. */
  onManageCalendars: (() => void) | null;
  onSignOut: (() => void) | null;
  onShowShortcuts(): void;
  onSubscriptions(): void;
}

/** The header's "More options": Print always, and below the full header's width whatever the one row has no room for. */
export function AppHeaderMenu({ signedInAs, onManageCalendars, onSignOut, onShowShortcuts, onSubscriptions }: AppHeaderMenuProps) {
  const intl = useIntl();
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<MoreHorizontal20Regular />} aria-label={intl.formatMessage(SHELL_MESSAGES.moreOptions)} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {onManageCalendars && (
            <MenuItem icon={<Settings20Regular />} onClick={onManageCalendars}>
              <FormattedMessage {...SHELL_MESSAGES.manageCalendars} />
            </MenuItem>
          )}
          <MenuItem icon={<CalendarSync20Regular />} onClick={() => onSubscriptions()}>
            <FormattedMessage {...SHELL_MESSAGES.subscriptions} />
          </MenuItem>
          <MenuItem icon={<Print20Regular />} onClick={() => window.print()}>
            <FormattedMessage {...SHELL_MESSAGES.print} />
          </MenuItem>
          <MenuItem icon={<Keyboard20Regular />} onClick={onShowShortcuts} secondaryContent="?">
            <FormattedMessage {...SHELL_MESSAGES.keyboardShortcuts} />
          </MenuItem>
          {/* The query goes along: a tab's calendars and a chosen language, for the way back. */}
          <MenuItemLink icon={<QuestionCircle20Regular />} href={`/help${window.location.search}`}>
            <FormattedMessage {...SHELL_MESSAGES.help} />
          </MenuItemLink>
          {signedInAs && (
            <>
              <MenuDivider />
              <MenuGroup>
                <MenuGroupHeader>{signedInAs}</MenuGroupHeader>
                {onSignOut && (
                  <MenuItem icon={<SignOut20Regular />} onClick={onSignOut}>
                    <FormattedMessage {...SHELL_MESSAGES.signOut} />
                  </MenuItem>
                )}
              </MenuGroup>
            </>
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
