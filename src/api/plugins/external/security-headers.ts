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

/** Every answer under this path is the API's: JSON, problem+json, event streams and iCalendar files, never a page. */
const API_PATH_PREFIX = '/api/';

/** What helmet sets on every answer, pages and API alike. */
const COMMON_OPTIONS = {
  // frame-ancestors governs framing; X-Frame-Options would forbid the Teams and SharePoint hosts.
  frameguard: false,
  // The tab runs cross-origin inside Microsoft 365 hosts.
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
} satisfies HelmetOptions;

/** The pages' policy: the app's own scripts, and the hosts that may frame it and that it talks to. */
function pageHeaders(opts: SecurityHeadersOptions): Record<string, string> {
  return helmetHeaders({
    ...COMMON_OPTIONS,
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
  });
}

/**
 * The API's answers load nothing and are never framed, so they carry OWASP's headers for a REST API: `default-src
 * 'none'; frame-ancestors 'none'` rather than the pages' long policy, and none of the headers only a page reads. A
 * cached feed answer then writes and checks about a kilobyte less of headers.
 */
function apiHeaders(): Record<string, string> {
  return helmetHeaders({
    ...COMMON_OPTIONS,
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    // Read by pages only.
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
    const page = pageHeaders(opts);
    const api = apiHeaders();
    // Kept by error replies too: Fastify's error handling replaces only the content type and length. By the URL as
    // sent: a path the router decodes to /api/ (/%61pi/…) gets the pages' headers, which allow more but nothing unsafe.
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(request.url.startsWith(API_PATH_PREFIX) ? api : page);
      done();
    });
  },
  { name: 'security-headers' },
);
