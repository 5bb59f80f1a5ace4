import { lazyComponent } from '../../../components/lazy-component.tsx';

// A calendar's activity and deleted events, shown under Manage calendars (its deleted events also from its menu in
// the side panel): loaded when first shown.

/** CalendarActivity, loaded on first use. */
export const CalendarActivity = lazyComponent(() => import('./calendar-activity.tsx').then((module) => module.CalendarActivity));

/** CalendarTrash, loaded on first use. */
export const CalendarTrash = lazyComponent(() => import('./calendar-trash.tsx').then((module) => module.CalendarTrash));

/** CalendarTrashDialog, loaded on first use. */
export const CalendarTrashDialog = lazyComponent(() => import('./calendar-trash-dialog.tsx').then((module) => module.CalendarTrashDialog));
