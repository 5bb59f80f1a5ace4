import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isClientRoute } from '../../../shared/client-routes.ts';
import { notFound } from '../../errors.ts';
import { builtAssets } from './built-assets.ts';

/** Vite fingerprints everything under assets/, so a file there never changes. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** The HTML entries and other unhashed files: revalidated every time, with their ETag. */
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

/**
 * The web app's routes are not counted by the rate limit: a page loads dozens of files at once, before anyone signs in,
 * so everyone behind one company address would share a count of them. They are static and precompressed; the API is
 * what the limit guards. Left out at the route, its hook is not run at all.
 */
const UNCOUNTED = { config: { rateLimit: false } } as const;

// One path segment naming a file at the root of the build (sw.js, a manifest): no slash, no leading dot, so no way out.
const ROOT_FILE = /^\/[\w-][\w.-]*$/;

async function isRootFile(webRoot: string, path: string): Promise<boolean> {
  if (!ROOT_FILE.test(path)) return false;
  const found = await stat(join(webRoot, path)).catch(() => null);
  return found?.isFile() ?? false;
}

/**
 * Serves the built web app from two wildcard routes, not one route per file: /assets/* (immutable, from memory), and
 * /* for the files at the root of the build (no-cache) and, for any other non-API path, index.html so the app can
 * route it, with a 404 status when the path is none of the app's pages (CLIENT_ROUTES). Files go out precompressed
 * (.br, .gz beside them) as the request's Accept-Encoding allows; maps never.
 */
export default async function webApp(app: FastifyInstance, opts: { webRoot: string }) {
  const { webRoot } = opts;
  if (!existsSync(join(webRoot, 'index.html'))) {
    app.log.warn(`No web app at ${webRoot}: serving the API only. Run npm run build.`);
    return;
  }
  await app.register(fastifyStatic, {
    root: webRoot,
    // Only reply.sendFile, for the files at the build's root; the hashed assets are answered from memory below.
    serve: false,
    preCompressed: true,
    setHeaders: (reply) => void reply.header('cache-control', REVALIDATE_CACHE_CONTROL),
  });
  const findAsset = builtAssets(join(webRoot, 'assets'));
  app.get('/assets/*', UNCOUNTED, async (request, reply) => {
    const name = (request.params as { '*': string })['*'];
    const asset = await findAsset(name, request.headers['accept-encoding']);
    // Also every source map, which the build keeps elsewhere and a stray copy here does not make public.
    if (asset === null) throw notFound(`No asset at /assets/${name}.`);
    reply.header('content-type', asset.contentType).header('cache-control', IMMUTABLE_CACHE_CONTROL).header('vary', 'accept-encoding').header('etag', asset.etag);
    if (asset.encoding) reply.header('content-encoding', asset.encoding);
    if (request.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.send(asset.body);
  });
  // MSAL's redirect page (its own small entry of the web build): popups, silent frames and redirects end there.
  app.get('/auth-end', UNCOUNTED, (_request, reply) => reply.sendFile('auth-end.html', webRoot));
  app.get('/*', UNCOUNTED, async (request, reply) => {
    const path = request.url.split('?')[0] as string;
    // A missing API route or a source map is a 404, not the app's page.
    if (path.startsWith('/api/') || path.endsWith('.map')) throw notFound(`No route for ${request.method} ${path}.`);
    if (await isRootFile(webRoot, path)) return reply.sendFile(path.slice(1), webRoot);
    // Any other path is not one of the app's pages: a 404, whose page (the app's) says so and links home.
    if (!isClientRoute(path)) reply.code(404);
    return reply.sendFile('index.html', webRoot);
  });
}
