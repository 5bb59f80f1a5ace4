import type { FastifyInstance } from 'fastify';
import type { Store } from '../stores/repository.ts';

/**
 * How long health waits on the store's own check. Past it the store counts as unavailable: health answers within a
 * second whatever the store does (a database that accepts connections and never answers included).
 */
export const HEALTH_STORE_WAIT_MS = 500;

/** What health says of the store: `full` serves reads, while writes are answered 507 until one succeeds again. */
type StoreState = 'ready' | 'full' | 'unavailable';

async function readyWithin(store: Store, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const gaveUp = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([store.isReady().catch(() => false), gaveUp]);
  } finally {
    clearTimeout(timer);
  }
}

async function storeState(store: Store): Promise<StoreState> {
  if (!(await readyWithin(store, HEALTH_STORE_WAIT_MS))) return 'unavailable';
  return store.storageFull?.() ? 'full' : 'ready';
}

/**
 * `status` and `store` as load balancers and the web app's offline probe read them; a full store is `degraded` with 200,
 * not 503: reads still work, and a platform that took the instance out or restarted it would free no space (a restart
 * on a full disk cannot even start). `eventLoop` says how late the server ran its work lately.
 */
export default async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { config: { rateLimit: false } }, async (_request, reply) => {
    const store = await storeState(app.store);
    const status = store === 'ready' ? 'ok' : store === 'full' ? 'degraded' : 'unavailable';
    return reply.code(store === 'unavailable' ? 503 : 200).send({ status, store, eventLoop: app.eventLoopDelay.recent() });
  });
}
