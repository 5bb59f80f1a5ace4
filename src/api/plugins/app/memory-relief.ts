import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { watchMemoryRelief, type MemoryReliefLimits } from '../../health/memory-relief.ts';

/** Gives unused memory back when the server is quiet or its RSS is high (health/memory-relief.ts says why). */
export default fp(
  async function memoryRelief(app: FastifyInstance, opts: { limits?: Partial<MemoryReliefLimits> }) {
    const watch = watchMemoryRelief({
      limits: opts.limits,
      onRelief: (relief) => app.log.info({ memoryRelief: relief }, 'unused memory given back'),
    });
    if (watch.active) app.addHook('onRequest', async () => watch.noteRequest());
    app.addHook('onClose', async () => watch.stop());
  },
  { name: 'memory-relief' },
);
