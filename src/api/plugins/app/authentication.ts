import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../errors.ts';
import type { Principal } from '../../auth/principal.ts';
import { TokenRejectedError, type TokenVerifier } from '../../auth/token-verifier.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/;

export default fp(
  async function authentication(app: FastifyInstance, opts: { verifyToken: TokenVerifier }) {
    app.decorateRequest('principal', null);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      const match = header ? BEARER.exec(header) : null;
      if (!match) throw unauthorized('Sign in: send Authorization: Bearer <token>.');
      try {
        request.principal = await opts.verifyToken(match[1] as string);
      } catch (error) {
        if (error instanceof TokenRejectedError) {
          request.log.info({ reason: error.message }, 'token rejected');
          throw unauthorized('The access token is missing, invalid or expired. Sign in again.');
        }
        throw error;
      }
    });
  },
  { name: 'authentication' },
);

/** The caller of a route that ran `authenticate`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('Sign in first.');
  return request.principal;
}
