import { useEffect } from 'react';
import { FullPageStatus } from '../../components/full-page-status.tsx';
import { useHost } from '../../host/host-context.tsx';

/** Teams's removal page (frameContext remove): says what removing the tab does, and lets it go. */
export function TabRemovePage() {
  const { host, notifyReady } = useHost();
  useEffect(() => {
    if (host.kind === 'standalone') return;
    host.sdk.pages.config.registerOnRemoveHandler((event) => event.notifySuccess());
    host.sdk.pages.config.setValidityState(true);
    notifyReady();
  }, [host, notifyReady]);
  return (
    <FullPageStatus
      title="Remove this tab?"
      detail="Only the tab goes. Its calendars and their events stay in Company Calendar for everyone."
    />
  );
}
