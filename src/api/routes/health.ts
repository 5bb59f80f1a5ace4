import type { FastifyInstance } from 'fastify';

export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { config: { rateLimit: false } }, async (_request, reply) => {
    const ready = await app.store.isReady().catch(() => false);
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', store: ready ? 'ready' : 'unavailable' });
  });
}
