import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DEV_USERS, signDevToken, type DevSigningKey } from '../auth/dev-identity.ts';
import { forbidden } from '../errors.ts';
import { parseOrThrow } from '../http/request-validation.ts';
import { isLoopbackHost } from '../loopback.ts';

const devTokenRequestSchema = z.strictObject({
  userId: z.enum(DEV_USERS.map((user) => user.id) as [string, ...string[]], { error: 'Pick one of the demo users' }),
});

/** Only registered in development mode. */
export default async function devSignInRoutes(app: FastifyInstance, opts: { key: DevSigningKey; allowOnNetwork: boolean }) {
  app.post('/dev/token', async (request) => {
    // Loopback listening is checked at start-up; this also holds behind a proxy on the same machine.
    if (!opts.allowOnNetwork && !isLoopbackHost(request.socket.remoteAddress ?? '')) {
      throw forbidden('Development sign-in only answers on this machine.');
    }
    const { userId } = parseOrThrow(devTokenRequestSchema, request.body);
    const user = DEV_USERS.find((candidate) => candidate.id === userId);
    return signDevToken(opts.key, user!);
  });
}
