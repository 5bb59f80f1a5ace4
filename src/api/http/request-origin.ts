import type { FastifyRequest } from 'fastify';

/**
 * The app's origin as the request reached it, for absolute links back into it: the Host allow-list has checked the host
 * (loopback or PUBLIC_HOSTS), and behind trusted proxies (TRUSTED_PROXY_HOPS) the scheme is the one the client used.
 * X-Forwarded-Proto is read as it comes, so anything but https is http: another value made no URL, and a 500.
 */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol === 'https' ? 'https' : 'http'}://${request.host}`;
}

/** The app's link to an event: the page opens it in its details (the web app's eventId parameter). */
export function eventAppLink(origin: string, eventId: string): string {
  const url = new URL('/', origin);
  url.searchParams.set('eventId', eventId);
  return url.href;
}
