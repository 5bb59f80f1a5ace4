// The feed benches' limit: a bare Fastify server answering one path with a body serialised (and brotli-compressed)
// before it started, as fast as Fastify can send those bytes. Spawned by server-process.ts with the bodies' files.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const body = readFileSync(process.env.BARE_BODY_FILE!);
const brotli = readFileSync(process.env.BARE_BODY_BR_FILE!);
const server = Fastify();
server.get('/api/health', async () => ({ status: 'ok' }));
server.get(process.env.BARE_PATH!, (request, reply) => {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'br').send(brotli);
  return reply.send(body);
});
await server.listen({ port: Number(process.env.PORT), host: process.env.HOST });
