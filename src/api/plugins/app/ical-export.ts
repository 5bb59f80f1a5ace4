import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIcsExportService, type IcsExportService } from '../../ical/ical-export-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    icsExportService: IcsExportService;
  }
}

/**
 * The UIDs' domain: the first public host name (App Service's default host name in Azure, which a custom domain
 * added later does not displace), else localhost. Event ids are random UUIDs, so UIDs are unique either way.
 */
export function icsUidDomain(publicHosts: readonly string[]): string {
  const [first] = publicHosts;
  return first ? new URL(`http://${first}`).hostname : 'localhost';
}

/** iCalendar exports, for the download routes and the subscription feeds alike. */
export default fp(
  async function icalExportPlugin(app: FastifyInstance, opts: { publicHosts: readonly string[] }) {
    app.decorate('icsExportService', createIcsExportService(app.store, { uidDomain: icsUidDomain(opts.publicHosts), log: app.log }));
  },
  { name: 'ical-export', dependencies: ['store'] },
);
