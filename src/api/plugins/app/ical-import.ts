import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ContentRules } from '../../events/event-content.ts';
import { createIcsReader, DEFAULT_ICS_READER_LIMITS, type IcsReaderLimits } from '../../ical/ical-import-pool.ts';
import { createIcalImportService, type IcalImportService } from '../../ical/ical-import-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    icalImportService: IcalImportService;
  }
}

/**
 * iCalendar imports, over the event service's permissions and the one write path; files are read in a pool of worker
 * threads, ended when the server closes.
 */
export default fp(
  async function icalImportPlugin(app: FastifyInstance, opts: { content: ContentRules; limits?: Partial<IcsReaderLimits> }) {
    const reader = createIcsReader({ ...DEFAULT_ICS_READER_LIMITS, ...opts.limits }, (error) => app.log.error({ err: error }, 'An .ics reading thread failed'));
    app.addHook('onClose', async () => reader.close());
    app.decorate('icalImportService', createIcalImportService(app.store, app.eventService, opts.content, reader.read));
  },
  { name: 'ical-import', dependencies: ['store', 'services'] },
);
