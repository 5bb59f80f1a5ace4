import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PURGE_INTERVAL_MS } from '../../../shared/limits.ts';

/**
 * Purges what has outlived its keeping (trashed events and calendars, old history): once when the server starts
 * listening, in the background so that readiness does not wait on it, then every PURGE_INTERVAL_MS. Each instance
 * runs it; the stores' purges are idempotent, so several at once do no harm.
 */
export default fp(
  async function purgeSchedule(app: FastifyInstance, opts: { intervalMs?: number } = {}) {
    const { intervalMs = PURGE_INTERVAL_MS } = opts;
    let running: Promise<void> = Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    let closing = false;

    async function purge(): Promise<void> {
      const started = performance.now();
      try {
        const purged = await app.store.purgeExpired(new Date());
        app.log.info({ ...purged, ms: Math.round(performance.now() - started) }, 'purged expired trash and history');
      } catch (error) {
        app.log.error({ err: error }, 'purging expired trash and history failed; it runs again later');
      }
    }
    // One at a time: a slow purge is not started again over itself.
    const runOnce = () => {
      if (!closing) running = running.then(purge);
    };

    app.addHook('onListen', async () => {
      if (timer) return;
      setImmediate(runOnce);
      timer = setInterval(runOnce, intervalMs);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      closing = true;
      clearInterval(timer);
      await running;
    });
  },
  { name: 'purge-schedule', dependencies: ['store'] },
);
