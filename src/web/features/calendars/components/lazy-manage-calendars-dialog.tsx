import { lazy, Suspense, type ComponentProps } from 'react';

// Admins only, and only when asked for: its editor and the shared calendar schema (zod) stay off the first screen.
const LazyManageCalendarsDialog = lazy(() =>
  import('./manage-calendars-dialog.tsx').then((module) => ({ default: module.ManageCalendarsDialog })),
);

/** ManageCalendarsDialog, loaded on first use. */
export function ManageCalendarsDialog(props: ComponentProps<typeof LazyManageCalendarsDialog>) {
  return (
    <Suspense fallback={null}>
      <LazyManageCalendarsDialog {...props} />
    </Suspense>
  );
}
