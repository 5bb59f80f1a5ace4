import { Button, DrawerBody, DrawerHeader, DrawerHeaderTitle, OverlayDrawer, makeStyles, tokens } from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { COMMON_MESSAGES } from '../components/common-messages.ts';
import { SHELL_MESSAGES } from './shell-messages.ts';

const useStyles = makeStyles({
  drawerBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, paddingBottom: tokens.spacingVerticalXL },
  drawer: { '@media print': { display: 'none' } },
});

export interface CalendarDrawerProps {
  id: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}

/** The calendar panel on phones and narrow windows: an overlay drawer over the calendar. */
export function CalendarDrawer({ id, open, onOpenChange, children }: CalendarDrawerProps) {
  const intl = useIntl();
  const styles = useStyles();
  return (
    <OverlayDrawer id={id} className={styles.drawer} position="start" open={open} onOpenChange={(_, data) => onOpenChange(data.open)}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button appearance="subtle" aria-label={intl.formatMessage(COMMON_MESSAGES.close)} icon={<Dismiss24Regular />} onClick={() => onOpenChange(false)} />
          }
        >
          <FormattedMessage {...SHELL_MESSAGES.drawerTitle} />
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.drawerBody}>{children}</DrawerBody>
    </OverlayDrawer>
  );
}
