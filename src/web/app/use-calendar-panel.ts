import { useId } from '@fluentui/react-components';
import { useState } from 'react';
import { useLocalStorageState } from '../lib/use-local-storage-state.ts';

const SIDE_PANEL_OPEN_KEY = 'company-calendar:side-panel-open';
const isOpen = (value: unknown): value is boolean => typeof value === 'boolean';

export interface CalendarPanelState {
  id: string;
  open: boolean;
  setOpen(open: boolean): void;
}

/**
 * Whether the calendar panel shows. The side panel is open until the user closes it, remembered on this
 * device; the drawer (phones and narrow windows) starts closed on every visit, so the calendar comes first.
 */
export function useCalendarPanel(drawer: boolean): CalendarPanelState {
  const id = useId('calendar-panel');
  const [sidePanelOpen, setSidePanelOpen] = useLocalStorageState(SIDE_PANEL_OPEN_KEY, isOpen, true);
  const [drawerOpen, setDrawerOpen] = useState(false);
  return drawer ? { id, open: drawerOpen, setOpen: setDrawerOpen } : { id, open: sidePanelOpen, setOpen: setSidePanelOpen };
}
