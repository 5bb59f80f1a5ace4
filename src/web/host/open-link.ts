import { useCallback } from 'react';
import type { Host } from './detect-host.ts';
import { useHost } from './host-context.tsx';

const openInNewTab = (url: string) => void window.open(url, '_blank', 'noopener,noreferrer');

/** Whether links leave the app through the host (teams-js's app.openLink) rather than the browser's new tab. */
export function opensThroughHost(host: Host): boolean {
  return host.kind !== 'standalone';
}

/**
 * Opens an address outside the app. In a Microsoft 365 host through teams-js's app.openLink: a tab's frame may not
 * open windows of its own, and Teams opens a meeting link in Teams itself; should the host not support it, a new tab.
 * Elsewhere a new tab, with no opener and no referrer.
 */
export function openLink(host: Host, url: string): void {
  if (host.kind === 'standalone') return openInNewTab(url);
  host.sdk.app.openLink(url).catch(() => openInNewTab(url));
}

/** openLink for the host the app runs in. */
export function useOpenLink(): (url: string) => void {
  const { host } = useHost();
  return useCallback((url: string) => openLink(host, url), [host]);
}
