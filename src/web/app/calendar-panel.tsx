import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { lazyComponent } from '../components/lazy-component.tsx';
import { useEverTrue } from '../lib/use-ever-true.ts';
import { SHELL_MESSAGES } from './shell-messages.ts';
import { REGION_ATTRIBUTE } from './use-region-jump.ts';

// The drawer's code loads when it first opens: it starts closed, and wider screens never use it.
const CalendarDrawer = lazyComponent(() => import('./calendar-drawer.tsx').then((module) => module.CalendarDrawer));

/** Fetches the drawer's code ahead of the first tap on ☰. */
export const preloadCalendarDrawer = CalendarDrawer.preload;

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
  const intl = useIntl();
  if (!phone) {
    const region = { [REGION_ATTRIBUTE]: 'panel', 'aria-label': intl.formatMessage(SHELL_MESSAGES.drawerTitle) };
    return (
      <aside id={id} hidden={!open} className={mergeClasses(styles.panel, !open && styles.closed)} {...region}>
        {children}
      </aside>
    );
  }
  return (
    <PhoneDrawer id={id} open={open} onOpenChange={onOpenChange}>
      {children}
    </PhoneDrawer>
  );
}

/** The drawer, in the page from its first opening on: it stays while closed, so that it can animate away. */
function PhoneDrawer(props: Omit<CalendarPanelProps, 'phone'>) {
  if (!useEverTrue(props.open)) return null;
  return <CalendarDrawer {...props} />;
}
