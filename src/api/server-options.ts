import type { Server } from 'node:http';
import type { FastifyHttpOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { REQUEST_BODY_MAX_BYTES } from '../shared/limits.ts';
import { AccessLogController } from './access-log.ts';
import type { Config } from './config.ts';
import { answerClientError, answerFrameworkError } from './http/protocol-errors.ts';

export const REQUEST_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/**
 * How long a plugin may take to start, instead of Fastify's 10 s: the store's start on Cosmos DB with
 * COSMOS_CREATE_RESOURCES reads or creates the database and five containers, each call within STORE_CALL_DEADLINE_MS
 * and retried, and once per version gives old documents their search text. On a loaded machine that passed 10 s, and
 * the server stopped with "Plugin did not start in time: 'store'" where it would have started.
 */
export const PLUGIN_START_TIMEOUT_MS = 60_000;

/**
 * The Fastify options the server and the tests share; `logStream` (stdout by default) is the server's batched stdout
 * (log-destination.ts) or a test's stream that reads the log.
 */
export function serverOptions(config: Config, options: { logStream?: DestinationStream } = {}): FastifyHttpOptions<Server> {
  return {
    logger: { level: config.logLevel, redact: ['req.headers.authorization'], ...(options.logStream && { stream: options.logStream }) },
    logController: new AccessLogController(config.logLevel),
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    requestTimeout: REQUEST_TIMEOUT_MS,
    // Longer than the usual 60 s idle timeout of Azure's front ends, so they never reuse a closed socket.
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    pluginTimeout: PLUGIN_START_TIMEOUT_MS,
    routerOptions: { maxParamLength: 200 },
    // Node would answer a request without Host with an empty 400; the Host allow-list answers it as a problem.
    http: { requireHostHeader: false },
    // As a function: Fastify's types have no hop count. Hop 0 is the socket's peer; each trusted hop reveals the next.
    trustProxy: (_address: string, hop: number) => hop < config.trustedProxyHops,
    // Requests refused before routing answer as problems too, not with Fastify's application/json.
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
    // A shutdown drains first (plugins/app/shutdown-drain.ts): requests that arrive while it closes are refused by its
    // hook, as a problem with Retry-After, not with Fastify's plain JSON. Idle connections (the default) are closed
    // when it closes, so that close does not wait out their keep-alive; those in use finish first.
    return503OnClosing: false,
    forceCloseConnections: 'idle',
  };
}
