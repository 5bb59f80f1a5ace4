import type { FastifyBodyParser, FastifyInstance, FastifyRequest } from 'fastify';
import { HttpProblem } from './errors.ts';
import { nestsDeeperThan } from './http/json-depth.ts';
import { BODY_FIELD } from './http/request-validation.ts';
import { devTrustedIssuer, loadDevSigningKey, type DevSigningKey } from './auth/dev-identity.ts';
import { createGroupOverage } from './auth/group-overage.ts';
import { createTokenVerifier, type TrustedIssuer } from './auth/token-verifier.ts';
import { entraTrustedIssuer, oidcTrustedIssuer } from './auth/trusted-issuers.ts';
import type { Config } from './config.ts';
import { editorIdRule } from './directory/editor-ids.ts';
import { graphMemberGroups } from './directory/graph-directory.ts';
import authentication from './plugins/app/authentication.ts';
import directoryPlugin from './plugins/app/directory.ts';
import errorHandler from './plugins/app/error-handler.ts';
import eventLoopDelay from './plugins/app/event-loop-delay.ts';
import memoryRelief from './plugins/app/memory-relief.ts';
import graphPlugin from './plugins/app/graph.ts';
import hostAllowList from './plugins/app/host-allow-list.ts';
import icalExport from './plugins/app/ical-export.ts';
import icalImport from './plugins/app/ical-import.ts';
import liveChanges from './plugins/app/live-changes.ts';
import purgeSchedule from './plugins/app/purge-schedule.ts';
import services from './plugins/app/services.ts';
import shutdownDrain from './plugins/app/shutdown-drain.ts';
import storePlugin from './plugins/app/store.ts';
import subscriptionsPlugin from './plugins/app/subscriptions.ts';
import webApp from './plugins/app/web-app.ts';
import compression from './plugins/external/compression.ts';
import rateLimit from './plugins/external/rate-limit.ts';
import securityHeaders from './plugins/external/security-headers.ts';
import calendarRoutes from './routes/calendars.ts';
import categoryRoutes from './routes/categories.ts';
import clientConfigRoutes from './routes/client-config.ts';
import devSignInRoutes from './routes/dev-sign-in.ts';
import directoryRoutes from './routes/directory.ts';
import eventRoutes from './routes/events.ts';
import healthRoutes from './routes/health.ts';
import historyRoutes from './routes/history.ts';
import icalExportRoutes from './routes/ical-export.ts';
import icalImportRoutes from './routes/ical-import.ts';
import liveChangeRoutes from './routes/live-changes.ts';
import meRoutes from './routes/me.ts';
import outlookRoutes from './routes/outlook.ts';
import searchRoutes from './routes/search.ts';
import subscriptionFeedRoutes from './routes/subscription-feed.ts';
import subscriptionRoutes from './routes/subscriptions.ts';
import trashRoutes from './routes/trash.ts';
import type { ChangeHubLimits } from './live/change-hub.ts';
import type { IcsReaderLimits } from './ical/ical-import-pool.ts';
import type { MemoryReliefLimits } from './health/memory-relief.ts';
import type { Store } from './stores/repository.ts';
import { openStore } from './stores/open-store.ts';
import { REQUEST_BODY_DEPTH_MAX } from '../shared/limits.ts';
import { VIDEO_FRAME_ORIGINS } from '../shared/video-url.ts';

const tooDeep = () =>
  new HttpProblem(400, 'Bad Request', {
    detail: `The body nests arrays and objects more than ${REQUEST_BODY_DEPTH_MAX} levels deep.`,
    errors: [{ field: BODY_FIELD, message: `The body nests more than ${REQUEST_BODY_DEPTH_MAX} levels deep` }],
  });

/**
 * JSON bodies decoded strictly: the default parser turns bytes that are not UTF-8 into U+FFFD, so the stored text
 * would differ from what was sent. Their depth is bounded before anything parses or walks them. Fastify's own JSON
 * parser (with its prototype-poisoning checks) does the rest.
 */
function strictUtf8Json(fastify: FastifyInstance): FastifyBodyParser<Buffer> {
  // Fastify's default parser is the callback kind of body parser.
  const parseJson = fastify.getDefaultJsonParser('error', 'error') as (
    request: FastifyRequest,
    body: string,
    done: (error: Error | null, body?: unknown) => void,
  ) => void;
  const utf8 = new TextDecoder('utf-8', { fatal: true });
  return (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body);
    } catch {
      done(new HttpProblem(400, 'Bad Request', { detail: 'The body is not valid UTF-8.' }), undefined);
      return;
    }
    if (nestsDeeperThan(text, REQUEST_BODY_DEPTH_MAX)) {
      done(tooDeep(), undefined);
      return;
    }
    parseJson(request, text, done);
  };
}

/** The origins the web app signs in against, for the CSP. */
function identityOrigins(identity: Config['identity']): string[] {
  if (identity.mode === 'development') return [];
  return [
    ...(identity.entra ? ['https://login.microsoftonline.com'] : []),
    ...(identity.oidc ? [new URL(identity.oidc.issuer).origin] : []),
  ];
}

/** The routes behind sign-in, in the order they register. */
const SECURED_ROUTES = [
  meRoutes,
  calendarRoutes,
  categoryRoutes,
  eventRoutes,
  historyRoutes,
  trashRoutes,
  liveChangeRoutes,
  searchRoutes,
  icalExportRoutes,
  icalImportRoutes,
  outlookRoutes,
  directoryRoutes,
  subscriptionRoutes,
];

export interface AppOptions {
  config: Config;
  /** Defaults to the store the configuration names. */
  store?: Store;
  /** The live stream's limits: LIVE_STREAMS_PER_* and LIVE_HEARTBEAT_MS unless a test watches them at work. */
  live?: Partial<ChangeHubLimits>;
  /** How often the store's purge runs: PURGE_INTERVAL_MS unless a test watches it run again. */
  purgeIntervalMs?: number;
  /** The event loop's delay window: EVENT_LOOP_WINDOW_MS unless a test watches its warning. */
  eventLoopWindowMs?: number;
  /** The .ics reading pool's bounds: ICS_IMPORT_* in ical-import-pool.ts unless a test watches one at work. */
  icsReader?: Partial<IcsReaderLimits>;
  /** When memory is given back: MEMORY_RELIEF_* unless a test watches it happen. */
  memoryRelief?: Partial<MemoryReliefLimits>;
}

/** The services routes call, over the store: the one write path and all that hangs off it. */
async function registerServices(fastify: FastifyInstance, config: Config, { live, purgeIntervalMs, icsReader }: AppOptions) {
  const { identity } = config;
  const editorIds = editorIdRule(identity);
  const content = { sharePointOrigins: config.sharePointOrigins };
  await fastify.register(services, { content, editorIds });
  await fastify.register(liveChanges, { limits: live });
  await fastify.register(purgeSchedule, { intervalMs: purgeIntervalMs });
  await fastify.register(icalExport, { publicHosts: config.publicHosts });
  await fastify.register(icalImport, { content, limits: icsReader });
  await fastify.register(subscriptionsPlugin, { identity });
  await fastify.register(graphPlugin, { graph: config.graph });
  await fastify.register(directoryPlugin, { identity, editorIds });
}

/** The issuers whose tokens the API takes: the development key's, Entra ID's and an OpenID Connect provider's. */
function trustedIssuers(identity: Config['identity'], devKey: DevSigningKey | null): TrustedIssuer[] {
  const issuers: TrustedIssuer[] = [];
  if (devKey) issuers.push(devTrustedIssuer(devKey));
  if (identity.mode === 'production' && identity.entra) issuers.push(entraTrustedIssuer(identity.entra));
  if (identity.mode === 'production' && identity.oidc) issuers.push(oidcTrustedIssuer(identity.oidc));
  return issuers;
}

/** The API's routes under /api: open ones first, then those that need a signed-in caller. */
async function registerApiRoutes(fastify: FastifyInstance, config: Config, devKey: DevSigningKey | null) {
  const { identity } = config;
  await fastify.register(
    async (api) => {
      // The API's routes only: the web app's files are compressed at build time.
      await api.register(compression);
      await api.register(healthRoutes);
      await api.register(clientConfigRoutes, { config });
      if (devKey && identity.mode === 'development') {
        await api.register(devSignInRoutes, { key: devKey, allowOnNetwork: identity.allowOnNetwork, publicHosts: config.publicHosts });
      }
      await api.register(async (secured) => {
        secured.addHook('onRequest', secured.authenticate);
        for (const routes of SECURED_ROUTES) await secured.register(routes);
      });
    },
    { prefix: '/api' },
  );
}

/** The whole application as a plugin: external plugins, then app plugins, then routes. Only server.ts listens. */
export default async function app(fastify: FastifyInstance, opts: AppOptions) {
  const { config } = opts;
  // The API speaks JSON only: anything else gets 415 rather than a string body.
  fastify.removeContentTypeParser('text/plain');
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer' }, strictUtf8Json(fastify));

  await fastify.register(securityHeaders, {
    frameAncestors: [...config.sharePointOrigins, ...config.trustedHostOrigins],
    identityOrigins: identityOrigins(config.identity),
    videoOrigins: [...VIDEO_FRAME_ORIGINS, ...config.sharePointOrigins],
  });
  // Its onRequest hook runs before every other but the security headers', which a refusal should carry too.
  await fastify.register(hostAllowList, { publicHosts: config.publicHosts });
  await fastify.register(rateLimit, { perMinute: config.rateLimitPerMinute });

  await fastify.register(errorHandler);
  await fastify.register(shutdownDrain);
  await fastify.register(eventLoopDelay, { windowMs: opts.eventLoopWindowMs });
  await fastify.register(memoryRelief, { limits: opts.memoryRelief });
  await fastify.register(storePlugin, {
    store: opts.store ?? (await openStore(config)),
    seedDemoData: config.seedDemoData,
  });
  await registerServices(fastify, config, opts);
  const devKey = config.identity.mode === 'development' ? await loadDevSigningKey(config.dataDir) : null;
  await fastify.register(authentication, {
    verifyToken: createTokenVerifier(trustedIssuers(config.identity, devKey)),
    failuresPerMinute: config.failedAuthenticationsPerMinute,
    groupOverage: createGroupOverage({ lookup: fastify.graph ? graphMemberGroups(fastify.graph) : null, log: fastify.log }),
  });

  await registerApiRoutes(fastify, config, devKey);
  // Subscription feeds: calendar apps send no token, the link's secret is the key (routes/subscription-feed.ts).
  await fastify.register(async (feeds) => {
    await feeds.register(compression);
    await feeds.register(subscriptionFeedRoutes);
  });
  await fastify.register(webApp, { webRoot: config.webRoot });
}
