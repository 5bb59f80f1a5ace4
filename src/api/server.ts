import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import app from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { noSpaceToStart } from './disk-space.ts';
import { bufferedLogDestination } from './log-destination.ts';
import { serverOptions } from './server-options.ts';

const SHUTDOWN_GRACE_MS = 10_000;

let config: Config;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`Company Calendar cannot start.\n${error.message}`);
  process.exit(1);
}

const server = Fastify(serverOptions(config, { logStream: bufferedLogDestination() }));
try {
  // fp: the app's decorations (store, authenticate) stay visible to the root instance.
  await server.register(fp(app), { config });
} catch (error) {
  // A full disk is the operator's to fix: one line saying what to free, not a stack trace.
  const noSpace = noSpaceToStart(error, { dataDir: config.dataDir, maxSizeBytes: config.store.kind === 'sqlite' ? config.store.maxSizeBytes : undefined });
  if (!noSpace) throw error;
  console.error(noSpace);
  process.exit(1);
}

closeWithGrace({ delay: SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) server.log.error({ err }, 'shutting down after an error');
  else server.log.info({ signal }, 'shutting down');
  // New requests are refused with a 503 problem while those in flight finish; then the server stops listening.
  await server.drain();
  await server.close();
});

await server.listen({ port: config.port, host: config.host });
const address = server.addresses().find((candidate) => typeof candidate !== 'string');
const port = address?.port ?? config.port;
console.log(`Company Calendar is listening on http://localhost:${port} (store: ${server.store.kind}, sign-in: ${config.identity.mode})`);
