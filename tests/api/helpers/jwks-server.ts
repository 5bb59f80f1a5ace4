import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface JwksServer {
  url: string;
  /** Signs with the served key (or an unserved one, to test unknown kids). */
  sign(claims: Record<string, unknown>, options?: { kid?: string; expiresIn?: number; unservedKey?: boolean }): Promise<string>;
  publicJwk: JWK;
  requests: number;
  close(): Promise<void>;
}

/** An identity provider's key set over HTTP on loopback: what Entra's or an OIDC provider's jwks_uri serves. */
export async function startJwksServer(): Promise<JwksServer> {
  const served = await generateKeyPair('RS256', { extractable: true });
  const unserved = await generateKeyPair('RS256');
  const publicJwk: JWK = { ...(await exportJWK(served.publicKey)), kid: 'served-key', alg: 'RS256', use: 'sig' };
  const state = { requests: 0 };
  const server: Server = createServer((_request, response) => {
    state.requests++;
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ keys: [publicJwk] }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/discovery/v2.0/keys`,
    publicJwk,
    get requests() {
      return state.requests;
    },
    async sign(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const key: CryptoKey = options.unservedKey ? unserved.privateKey : served.privateKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'served-key', typ: 'JWT' })
        .setIssuedAt(now)
        .setNotBefore(now)
        .setExpirationTime(now + (options.expiresIn ?? 600))
        .sign(key);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
