import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem } from '../../errors.ts';
import { isListedHost, parseHost } from '../../http/host-header.ts';

/**
 * Loopback's names, on any port. A browser always sends the page's own host name, so a page that rebinds its
 * name to 127.0.0.1 carries that name whatever the port: the name is what tells the two apart, never the port.
 */
export const LOOPBACK_HOST_NAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Answered whatever the Host: App Service's health check and warm-up pings need not carry the public name, and
 * the answer reveals nothing but "ok" or "unavailable".
 */
const ANY_HOST_PATH = '/api/health';
const isAnyHostRoute = (request: FastifyRequest) =>
  request.routeOptions.url === ANY_HOST_PATH && (request.method === 'GET' || request.method === 'HEAD');

/** At most this many allowed Host values are remembered (loopback on any port is allowed, so they are many). */
export const ALLOWED_HOST_VALUES_MAX = 64;

const misdirected = () =>
  // Generic: the header is not echoed back.
  new HttpProblem(421, 'Misdirected Request', { detail: 'This server does not answer for that host name.' });

/**
 * Against DNS rebinding: every request must name this server in its Host header, loopback or one of the public
 * host names (`name`, any port, or `name:port`); anything else, or no Host at all, gets 421 before any handler.
 */
export default fp(
  async function hostAllowList(app: FastifyInstance, opts: { publicHosts: readonly string[] }) {
    // Host values found allowed, as sent: nearly every request sends one of a few, and is then not parsed again.
    const allowed = new Set<string>();
    const isAllowed = (request: FastifyRequest): boolean => {
      const value = request.headers.host ?? '';
      if (allowed.has(value)) return true;
      const host = parseHost(value);
      const ok = host !== null && (LOOPBACK_HOST_NAMES.includes(host.name) || isListedHost(host, opts.publicHosts));
      if (ok && allowed.size < ALLOWED_HOST_VALUES_MAX) allowed.add(value);
      return ok;
    };
    // A callback hook: on every request, an async one would cost a promise for nothing.
    app.addHook('onRequest', (request, _reply, done) => {
      // The Host first: a remembered one costs a Set look-up, the route a new routeOptions object.
      done(isAllowed(request) || isAnyHostRoute(request) ? undefined : misdirected());
    });
  },
  { name: 'host-allow-list' },
);
