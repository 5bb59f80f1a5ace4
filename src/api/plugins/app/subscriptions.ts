import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tenantAdmission } from '../../auth/tenant-admission.ts';
import type { Config } from '../../config.ts';
import { createSubscriptionService, type SubscriptionService } from '../../subscriptions/subscription-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    subscriptionService: SubscriptionService;
  }
}

/** Personal subscription links, whose feeds are the calendar's export as each link's creator may see it. */
export default fp(
  async function subscriptionsPlugin(app: FastifyInstance, opts: { identity: Config['identity'] }) {
    const exports = app.icsExportService;
    app.decorate(
      'subscriptionService',
      createSubscriptionService(app.store, { exportCalendarIcs: (...args) => exports.exportCalendarIcs(...args), tenantAdmitted: tenantAdmission(opts.identity) }),
    );
  },
  { name: 'subscriptions', dependencies: ['store', 'ical-export'] },
);
