import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEMO_TENANT_ID } from '../../auth/dev-identity.ts';
import type { Store } from '../../stores/repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    store: Store;
  }
}

/** Makes the store available to routes, seeds the demo tenant into an empty store, and closes the store last. */
export default fp(
  async function storePlugin(app: FastifyInstance, opts: { store: Store; seedDemoData: boolean }) {
    const { store } = opts;
    if (opts.seedDemoData && (await store.claimDemoSeed())) {
      // Loaded only for the one start that seeds: every later start skips it.
      const { seedDemoTenant } = await import('../../demo/seed-demo-tenant.ts');
      await seedDemoTenant(store, { tenantId: DEMO_TENANT_ID, now: new Date() });
      app.log.info('Seeded the demo tenant');
    }
    app.decorate('store', store);
    app.addHook('onClose', async () => store.close());
  },
  { name: 'store' },
);
