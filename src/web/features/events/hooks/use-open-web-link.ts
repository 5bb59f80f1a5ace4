import type { MouseEvent } from 'react';
import { useHost } from '../../../host/host-context.tsx';

/**
 * How a web link opens. In Teams through the host's openLink, which opens it in the browser (a tab's frame may not
 * open windows of its own); elsewhere, undefined: the link's own target="_blank" does.
 */
export function useOpenWebLink(): ((event: MouseEvent<HTMLAnchorElement>, url: string) => void) | undefined {
  const { host } = useHost();
  if (host.kind !== 'teams-channel' && host.kind !== 'teams-personal') return undefined;
  return (event, url) => {
    event.preventDefault();
    host.sdk.app.openLink(url).catch(() => window.open(url, '_blank', 'noopener,noreferrer'));
  };
}
