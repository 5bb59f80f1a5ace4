import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/api/config.ts';
import { PLUGIN_START_TIMEOUT_MS, serverOptions } from '../../src/api/server-options.ts';

afterEach(() => {
  vi.useRealTimers();
});

/** Whether a server with the app's options starts a plugin that takes `ms` to start (on a hand-turned clock). */
async function startsPluginTaking(ms: number): Promise<boolean> {
  vi.useFakeTimers();
  const server = Fastify(serverOptions(loadConfig({ DATA_DIR: '/tmp/unused', LOG_LEVEL: 'silent' })));
  server.register(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
  const ready = server.ready().then(
    () => true,
    () => false,
  );
  await vi.advanceTimersByTimeAsync(ms + 1);
  const started = await ready;
  vi.useRealTimers();
  await server.close();
  return started;
}

describe("the server's Fastify options", () => {
  it(`let a plugin (the store, creating Cosmos resources) take up to PLUGIN_START_TIMEOUT_MS (${PLUGIN_START_TIMEOUT_MS} ms) to start, not Fastify's 10 s`, async () => {
    expect(await startsPluginTaking(15_000)).toBe(true);
    expect(await startsPluginTaking(PLUGIN_START_TIMEOUT_MS - 1_000)).toBe(true);
    expect(await startsPluginTaking(PLUGIN_START_TIMEOUT_MS + 1_000)).toBe(false);
  });
});
