import helmet from '@fastify/helmet';
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

export default fp(
  async function securityHeaders(app: FastifyInstance, opts: { sharePointOrigins: readonly string[] }) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Griffel and FullCalendar set styles at run time.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'", ...TEAMS_FRAME_ANCESTORS, ...opts.sharePointOrigins],
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
  },
  { name: 'security-headers' },
);
