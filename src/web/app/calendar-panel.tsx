import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { lazyComponent } from '../components/lazy-component.tsx';
import { useEverTrue } from '../lib/use-ever-true.ts';
import { SHELL_MESSAGES } from './shell-messages.ts';
import { REGION_ATTRIBUTE } from './use-region-jump.ts';

// The drawer's code loads when it first opens: it starts closed, and wide screens never use it.
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
  /** On phones and narrow windows (below SIDE_PANEL_MIN_WIDTH) an overlay drawer, closed by default; else a side panel. */
  drawer: boolean;
  id: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  children: ReactNode;
}

/** The calendar list and time zone: beside the calendar, or in a drawer over it on phones and narrow windows. */
export function CalendarPanel({ drawer, id, open, onOpenChange, children }: CalendarPanelProps) {
  const styles = useStyles();
  const intl = useIntl();
  if (!drawer) {
    const region = { [REGION_ATTRIBUTE]: 'panel', 'aria-label': intl.formatMessage(SHELL_MESSAGES.drawerTitle) };
    return (
      <aside id={id} hidden={!open} className={mergeClasses(styles.panel, !open && styles.closed)} {...region}>
        {children}
      </aside>
    );
  }
  return (
    <PanelDrawer id={id} open={open} onOpenChange={onOpenChange}>
      {children}
    </PanelDrawer>
  );
}

/** The drawer, in the page from its first opening on: it stays while closed, so that it can animate away. */
function PanelDrawer(props: Omit<CalendarPanelProps, 'drawer'>) {
  if (!useEverTrue(props.open)) return null;
  return <CalendarDrawer {...props} />;
}
