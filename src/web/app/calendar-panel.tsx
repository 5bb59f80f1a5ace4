import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  OverlayDrawer,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { SHELL_MESSAGES } from './shell-messages.ts';

const useStyles = makeStyles({
  panel: {
    flexShrink: 0,
    width: '240px',
    boxSizing: 'border-box',
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXL,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    overflowY: 'auto',
    '@media print': { display: 'none' },
  },
  // The class's display would otherwise win over the hidden attribute's.
  closed: { display: 'none' },
  drawerBody: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL, paddingBottom: tokens.spacingVerticalXL },
  drawer: { '@media print': { display: 'none' } },
});

interface CalendarPanelProps {
  /** On phones an overlay drawer, closed by default; elsewhere a side panel beside the calendar. */
  phone: boolean;
  id: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}

/** The calendar list and time zone: beside the calendar, or in a drawer over it on phones. */
export function CalendarPanel({ phone, id, open, onOpenChange, children }: CalendarPanelProps) {
  const styles = useStyles();
  if (!phone) {
    return (
      <aside id={id} hidden={!open} className={mergeClasses(styles.panel, !open && styles.closed)}>
        {children}
      </aside>
    );
  }
  return (
    <OverlayDrawer id={id} className={styles.drawer} position="start" open={open} onOpenChange={(_, data) => onOpenChange(data.open)}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button appearance="subtle" aria-label={SHELL_MESSAGES.close} icon={<Dismiss24Regular />} onClick={() => onOpenChange(false)} />
          }
        >
          {SHELL_MESSAGES.drawerTitle}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody className={styles.drawerBody}>{children}</DrawerBody>
    </OverlayDrawer>
  );
}
