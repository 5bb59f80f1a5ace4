import { useEffect } from 'react';
import { useIntl } from 'react-intl';
import { FullPageStatus } from '../../components/full-page-status.tsx';
import { useHost } from '../../host/host-context.tsx';
import { TAB_MESSAGES } from './tab-messages.ts';

/** Teams's removal page (frameContext remove): says what removing the tab does, and lets it go. */
export function TabRemovePage() {
  const { host, notifyReady } = useHost();
  const intl = useIntl();
  useEffect(() => {
    if (host.kind === 'standalone') return;
    host.sdk.pages.config.registerOnRemoveHandler((event) => event.notifySuccess());
    host.sdk.pages.config.setValidityState(true);
    notifyReady();
  }, [host, notifyReady]);
  return (
    <FullPageStatus title={intl.formatMessage(TAB_MESSAGES.removeTitle)} detail={intl.formatMessage(TAB_MESSAGES.removeDetail)} />
  );
}
