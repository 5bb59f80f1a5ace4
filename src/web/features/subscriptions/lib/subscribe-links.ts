/** Outlook on the web's "Add calendar, From web" for a work or school account: it subscribes to an https feed. */
const OUTLOOK_ADD_FROM_WEB = 'https://outlook.office.com/calendar/0/addfromweb';

/** Outlook on the web subscribing to the feed, named as its calendar list will show it (spaces as %20, not +). */
export function outlookSubscribeUrl(feedUrl: string, name: string): string {
  return `${OUTLOOK_ADD_FROM_WEB}?url=${encodeURIComponent(feedUrl)}&name=${encodeURIComponent(name)}`;
}

/**
 * The feed as a webcal:// link, which Apple Calendar (and other desktop apps) open as a subscription. The scheme only
 * names the intent: the app fetches over https, or http on a developer's loopback.
 */
export function webcalUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:\/\//, 'webcal://');
}
