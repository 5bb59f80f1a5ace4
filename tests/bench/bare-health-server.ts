// The start-up bench's limit: a bare Fastify server with one health route, listening on PORT.
import Fastify from 'fastify';

const server = Fastify();
server.get('/api/health', async () => ({ status: 'ok', store: 'ready' }));
await server.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
