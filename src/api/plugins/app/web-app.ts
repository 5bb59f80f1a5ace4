import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../errors.ts';

/** Serves the built web app; any other non-API path gets index.html so the app can route it. */
export default async function webApp(app: FastifyInstance, opts: { webRoot: string }) {
  if (!existsSync(join(opts.webRoot, 'index.html'))) {
    app.log.warn(`No web app at ${opts.webRoot}: serving the API only. Run npm run build.`);
    return;
  }
  const assets = `${sep}assets${sep}`;
  await app.register(fastifyStatic, {
    root: opts.webRoot,
    wildcard: false,
    index: false,
    setHeaders: (reply, path) => {
      // Vite fingerprints everything under assets/, so it never changes; index.html must always be fresh.
      reply.header('cache-control', path.includes(assets) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  // MSAL's redirect page (its own small entry of the web build): popups, silent frames and redirects end there.
  app.get('/auth-end', (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('auth-end.html'));
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] as string;
    // A missing file (an API route, or an asset from another build) is a 404, not the app's page.
    if (path.startsWith('/api/') || path.startsWith('/assets/')) throw notFound(`No route for ${request.method} ${path}.`);
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
