import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The hosts that may frame the tab: Microsoft's published list for Teams, Microsoft 365 and Outlook. */
export const TEAMS_FRAME_ANCESTORS = [
  'https://teams.microsoft.com',
  'https://*.teams.microsoft.com',
  'https://*.cloud.microsoft',
  'https://*.microsoft365.com',
  'https://*.office.com',
  'https://outlook.office.com',
  'https://outlook.office365.com',
  'https://outlook-sdf.office.com',
  'https://outlook-sdf.office365.com',
];

/** teams-js fetches its list of valid host origins from here. */
export const TEAMS_JS_ORIGINS_CDN = 'https://res.cdn.office.net';

export interface SecurityHeadersOptions {
  /** Hosts that may frame the app, beyond Microsoft's list: SharePoint sites and configured hosts. */
  frameAncestors: readonly string[];
  /** Identity providers the web app talks to (token endpoints, silent sign-in frames). */
  identityOrigins: readonly string[];
}

/**
 * Helmet's headers on every reply. Helmet itself, built once: @fastify/helmet builds its middleware, parsing the
 * CSP again, on every request, which cost about a fifth of an authenticated request's CPU.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
    const setHeaders = helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Griffel and FullCalendar set styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", TEAMS_JS_ORIGINS_CDN, ...opts.identityOrigins],
          frameSrc: ["'self'", ...opts.identityOrigins],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'", ...TEAMS_FRAME_ANCESTORS, ...opts.frameAncestors],
        },
      },
      // frame-ancestors governs framing; X-Frame-Options would forbid the Teams and SharePoint hosts.
      frameguard: false,
      // The tab runs cross-origin inside Microsoft 365 hosts.
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy: { policy: 'same-origin' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
    // Helmet sets headers on the raw response, which Fastify's reply keeps; since 8.1 it throws rather than pass errors on.
    app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
  },
  { name: 'security-headers' },
);
