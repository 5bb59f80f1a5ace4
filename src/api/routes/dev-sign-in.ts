import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DEV_USERS, signDevToken, type DevSigningKey } from '../auth/dev-identity.ts';
import { forbidden } from '../errors.ts';
import { isListedHost, parseHost } from '../http/host-header.ts';
import { clientAddressKey } from '../http/client-address.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { isLoopbackHost } from '../loopback.ts';

/** Tokens per client address per minute. A page load signs in once; a developer's reloads stay well below. */
export const DEV_TOKENS_PER_MINUTE = 60;

/** Headers a proxy adds: a request that carries one did not come straight from a browser on this machine. */
export const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'] as const;

const devTokenRequestSchema = z.strictObject({
  userId: z.enum(DEV_USERS.map((user) => user.id) as [string, ...string[]], { error: 'Pick one of the demo users' }),
});

export interface DevSignInOptions {
  key: DevSigningKey;
  allowOnNetwork: boolean;
  /** With allowOnNetwork, pages served under these host names may sign in too. */
  publicHosts: readonly string[];
}

/** Whether an Origin header names a page this route may answer: on loopback, or on a public host when allowed. */
function isTrustedOrigin(origin: string, opts: DevSignInOptions): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.origin !== origin || (url.protocol !== 'http:' && url.protocol !== 'https:')) return false;
  if (isLoopbackHost(url.hostname)) return true;
  const host = parseHost(url.host);
  return opts.allowOnNetwork && host !== null && isListedHost(host, opts.publicHosts);
}

/**
 * Anyone who gets here may act as any demo user, so only a same-origin request from this machine does: no
 * other site's page (Origin, Sec-Fetch-Site), and nothing relayed by a proxy (forwarding headers).
 */
function refuseUnlessSameOrigin(request: FastifyRequest, opts: DevSignInOptions): void {
  // Loopback listening is checked at start-up; this also holds behind a proxy on the same machine.
  if (!opts.allowOnNetwork && !isLoopbackHost(request.socket.remoteAddress ?? '')) {
    throw forbidden('Development sign-in only answers on this machine.');
  }
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) {
    throw forbidden('Development sign-in does not answer requests relayed by a proxy.');
  }
  const { origin } = request.headers;
  const site = request.headers['sec-fetch-site'];
  if ((origin !== undefined && !isTrustedOrigin(origin, opts)) || (site !== undefined && site !== 'same-origin')) {
    throw forbidden('Development sign-in only answers the app’s own pages.');
  }
}

/** Only registered in development mode. */
export default async function devSignInRoutes(app: FastifyInstance, opts: DevSignInOptions) {
  app.post(
    '/dev/token',
    {
      // The guard runs first: refused requests do not use up the address's tokens.
      onRequest: async (request) => refuseUnlessSameOrigin(request, opts),
      config: { rateLimit: { max: DEV_TOKENS_PER_MINUTE, hook: 'onRequest', keyGenerator: clientAddressKey } },
    },
    async (request) => {
      const { userId } = parseOrThrow(devTokenRequestSchema, request.body);
      const user = DEV_USERS.find((candidate) => candidate.id === userId);
      return signDevToken(opts.key, user!);
    },
  );
}
