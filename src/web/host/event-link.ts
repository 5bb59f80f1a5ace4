import type { HostApi } from './host-context.tsx';

/** The plain link's query parameter: the standalone site (and any host) opens the event it names. */
const EVENT_ID_PARAM = 'eventId';

/**
 * A link to an event: a Teams deep link to this tab in Teams (it opens the tab with the event as its sub-page),
 * the app's own URL everywhere else.
 */
export function eventLink({ host, clientConfig }: Pick<HostApi, 'host' | 'clientConfig'>, eventId: string): string {
  if (host.kind === 'teams-channel' || host.kind === 'teams-personal') {
    const appId = clientConfig.host.teamsAppId ?? host.context.app.appId?.toString();
    const entityId = host.context.page.id;
    if (appId && entityId) {
      const context = { subEntityId: eventId, ...(host.context.channel ? { channelId: host.context.channel.id } : {}) };
      return `https://teams.microsoft.com/l/entity/${encodeURIComponent(appId)}/${encodeURIComponent(entityId)}?context=${encodeURIComponent(JSON.stringify(context))}`;
    }
  }
  const url = new URL('/', window.location.origin);
  url.searchParams.set(EVENT_ID_PARAM, eventId);
  return url.href;
}

/** The event a link opened the app on: Teams's sub-page, or the URL's eventId. */
export function linkedEventId({ host }: Pick<HostApi, 'host'>): string | null {
  const subPageId = host.kind === 'standalone' ? undefined : host.context.page.subPageId;
  return subPageId || new URLSearchParams(window.location.search).get(EVENT_ID_PARAM);
}

/** Drops the link's event from the address, so a reload or a copied address does not reopen it. */
export function forgetLinkedEvent(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(EVENT_ID_PARAM)) return;
  url.searchParams.delete(EVENT_ID_PARAM);
  window.history.replaceState(window.history.state, '', url);
}
