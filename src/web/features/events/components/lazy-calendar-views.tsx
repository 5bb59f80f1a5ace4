import { lazyComponent } from '../../../components/lazy-component.tsx';

// A calendar's activity and deleted events, shown under Manage calendars: loaded when first shown.

/** CalendarActivity, loaded on first use. */
export const CalendarActivity = lazyComponent(() => import('./calendar-activity.tsx').then((module) => module.CalendarActivity));

/** CalendarTrash, loaded on first use. */
export const CalendarTrash = lazyComponent(() => import('./calendar-trash.tsx').then((module) => module.CalendarTrash));
