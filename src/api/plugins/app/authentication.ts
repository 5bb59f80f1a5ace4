import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { HttpProblem, unauthorized } from '../../errors.ts';
import type { GroupOverage } from '../../auth/group-overage.ts';
import type { Principal } from '../../auth/principal.ts';
import { TokenRejectedError, type TokenVerifier } from '../../auth/token-verifier.ts';
import { RATE_LIMIT_WINDOW, tooManyRequests } from '../external/rate-limit.ts';
import { clientAddressKey } from '../../http/client-address.ts';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    authenticate: onRequestHookHandler;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/;

/** The caller of a token verified before, at once; else a promise of the caller, or of a 401. */
function verifyBearer(request: FastifyRequest, verifyToken: TokenVerifier, groupOverage: GroupOverage): Principal | Promise<Principal> {
  const header = request.headers.authorization;
  const match = header ? BEARER.exec(header) : null;
  if (!match) return Promise.reject(unauthorized('Sign in: send Authorization: Bearer <token>.'));
  const token = match[1] as string;
  const verified = verifyToken(token);
  // Only a token that lists no groups but names where they are (over 200 of them) costs more than this flag check.
  if (!(verified instanceof Promise)) return verified.groupsOverage ? groupOverage.withGroups(verified, token) : verified;
  return verified.then((principal) => (principal.groupsOverage ? groupOverage.withGroups(principal, token) : principal), (error: unknown) => {
    if (error instanceof TokenRejectedError) {
      request.log.info({ reason: error.message }, 'token rejected');
      throw unauthorized('The access token is missing, invalid or expired. Sign in again.');
    }
    throw error;
  });
}

/**
 * Bearer tokens, and a limit on failed authentications per client address: past it, a failure is a 429 with
 * Retry-After rather than a 401. The limit counts failures only and a valid token always passes, so that one
 * client failing behind a shared address (a company's NAT, a proxy) cannot lock out everyone else behind it.
 */
export default fp(
  async function authentication(app: FastifyInstance, opts: { verifyToken: TokenVerifier; failuresPerMinute: number; groupOverage: GroupOverage }) {
    // @fastify/rate-limit's counters, apart from its per-request ones.
    const countFailure = app.createRateLimit({
      max: opts.failuresPerMinute,
      timeWindow: RATE_LIMIT_WINDOW,
      keyGenerator: clientAddressKey,
    });
    /** A 401 counts against the client's address: past the limit it becomes a 429. */
    async function refuse(request: FastifyRequest, error: unknown): Promise<never> {
      if (!(error instanceof HttpProblem && error.status === 401)) throw error;
      const failures = await countFailure(request);
      if (!failures.isAllowed && failures.isExceeded) throw tooManyRequests(failures.ttlInSeconds);
      throw error;
    }
    app.decorateRequest('principal', null);
    // A callback hook: a token seen before (nearly every request) then passes without a promise.
    app.decorate('authenticate', (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const verified = verifyBearer(request, opts.verifyToken, opts.groupOverage);
      if (!(verified instanceof Promise)) {
        request.principal = verified;
        done();
        return;
      }
      verified.then(
        (principal) => {
          request.principal = principal;
          done();
        },
        (error: unknown) => refuse(request, error).catch(done),
      );
    });
  },
  { name: 'authentication', dependencies: ['rate-limit'] },
);

/** The bearer token a route that ran `authenticate` was called with: the on-behalf-of assertion for Graph. */
export function bearerTokenOf(request: FastifyRequest): string {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!request.principal || !match) throw unauthorized('Sign in first.');
  return match[1] as string;
}

/** The caller of a route that ran `authenticate`. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw unauthorized('Sign in first.');
  return request.principal;
}
