import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ContentRules } from '../../events/event-content.ts';
import { createIcalImportService, type IcalImportService } from '../../ical/ical-import-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    icalImportService: IcalImportService;
  }
}

/** iCalendar imports, over the event service's permissions and the one write path. */
export default fp(
  async function icalImportPlugin(app: FastifyInstance, opts: { content: ContentRules }) {
    app.decorate('icalImportService', createIcalImportService(app.store, app.eventService, opts.content));
  },
  { name: 'ical-import', dependencies: ['store', 'services'] },
);
