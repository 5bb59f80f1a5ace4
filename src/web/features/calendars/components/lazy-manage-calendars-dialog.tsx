import { lazyComponent } from '../../../components/lazy-component.tsx';

/**
 * ManageCalendarsDialog, loaded on first use: admins only, and only when asked for, so its editor and the shared
 * calendar schema (zod) stay off the first screen.
 */
export const ManageCalendarsDialog = lazyComponent(() => import('./manage-calendars-dialog.tsx').then((module) => module.ManageCalendarsDialog));
