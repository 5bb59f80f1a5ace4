import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
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
  /** Where event videos play: the video providers' player origins and the SharePoint sites serving Stream. */
  videoOrigins: readonly string[];
}

/**
 * The headers helmet sets for these options, worked out once: they depend on the options alone (no nonces, no
 * functions of the request), and @fastify/helmet rebuilt its middleware, parsing the CSP again, on every request.
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
    const headers = helmetHeaders({
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
          frameSrc: ["'self'", ...opts.identityOrigins, ...opts.videoOrigins],
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
    // Kept by error replies too: Fastify's error handling replaces only the content type and length.
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
