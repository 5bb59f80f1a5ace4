import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTokenVerifier, TokenRejectedError, type TrustedIssuer } from '../../src/api/auth/token-verifier.ts';
import { createVerifiedTokenCache, VERIFIED_TOKEN_MAX_AGE_MS, VERIFIED_TOKENS_MAX } from '../../src/api/auth/verified-token-cache.ts';

const ISSUER = 'https://issuer.test';
const AUDIENCE = 'api://calendar.test';
const TENANT = 'tenant-1';
let signingKey: CryptoKey;
let trusted: TrustedIssuer;

beforeAll(async () => {
  const { privateKey, publicKey } = await generateKeyPair('ES256');
  signingKey = privateKey;
  trusted = {
    matches: (iss) => iss === ISSUER,
    audiences: [AUDIENCE],
    keys: createLocalJWKSet({ keys: [{ ...(await exportJWK(publicKey)), alg: 'ES256' }] }),
    algorithms: ['ES256'],
    tenantId: TENANT,
  };
});

async function sign(user: string, options: { expiresIn?: number; audience?: string; key?: CryptoKey } = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ name: user })
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject(user)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + (options.expiresIn ?? 3_600))
    .sign(options.key ?? signingKey);
}

/** A verifier over a cache with a clock the test moves, counting full verifications. */
function counted(options: { max?: number } = {}) {
  const clock = { now: Date.now() };
  const counter = { verifications: 0 };
  const verify = createTokenVerifier([trusted], {
    cache: createVerifiedTokenCache({ ...options, now: () => clock.now }),
    onVerify: () => counter.verifications++,
  });
  return { verify, clock, counter };
}

describe('verified-token cache', () => {
  it('bounds itself and keeps tokens at most a few minutes', () => {
    expect(VERIFIED_TOKENS_MAX).toBe(10_000);
    expect(VERIFIED_TOKEN_MAX_AGE_MS).toBe(300_000);
  });

  it('answers a token verified before without checking its signature again', async () => {
    const { verify, counter } = counted();
    const token = await sign('ada');
    const first = await verify(token);
    const second = await verify(token);
    expect(second).toEqual({ id: 'ada', name: 'ada', tenantId: TENANT, appRoles: [], groups: [] });
    expect(second).toBe(first);
    expect(Object.isFrozen(second) && Object.isFrozen(second.appRoles)).toBe(true);
    expect(counter.verifications).toBe(1);
    await verify(await sign('eddie'));
    expect(counter.verifications).toBe(2);
  });

  it('verifies again once the token expires', async () => {
    const { verify, clock, counter } = counted();
    const token = await sign('ada', { expiresIn: 60 });
    await verify(token);
    clock.now += 59_000;
    await verify(token);
    expect(counter.verifications).toBe(1);
    clock.now += 1_000;
    // The real clock has the token still valid, so the full check passes; the cache missed.
    await verify(token);
    expect(counter.verifications).toBe(2);
  });

  it('verifies a long-lived token again after the maximum age', async () => {
    const { verify, clock, counter } = counted();
    const token = await sign('ada', { expiresIn: 3_600 });
    await verify(token);
    clock.now += VERIFIED_TOKEN_MAX_AGE_MS - 1;
    await verify(token);
    expect(counter.verifications).toBe(1);
    clock.now += 1;
    await verify(token);
    expect(counter.verifications).toBe(2);
  });

  it('forgets the least recently used token past its bound', async () => {
    const { verify, counter } = counted({ max: 2 });
    const [a, b, c] = await Promise.all(['ada', 'eddie', 'riley'].map((user) => sign(user)));
    for (const token of [a!, b!, c!]) await verify(token);
    expect(counter.verifications).toBe(3);
    await verify(c!);
    await verify(b!);
    expect(counter.verifications).toBe(3);
    await verify(a!);
    expect(counter.verifications).toBe(4);
  });

  it('never remembers a token that failed', async () => {
    const { verify, counter } = counted();
    const { privateKey: otherKey } = await generateKeyPair('ES256');
    const forged = await sign('ada', { key: otherKey });
    const expired = await sign('ada', { expiresIn: -120 });
    for (const token of [forged, forged, expired, expired, 'not-a-jwt', 'not-a-jwt']) {
      await expect(verify(token)).rejects.toBeInstanceOf(TokenRejectedError);
    }
    expect(counter.verifications).toBe(6);
  });

  it('still refuses a token for another audience while one for this API is remembered', async () => {
    const { verify } = counted();
    await verify(await sign('ada'));
    const elsewhere = await sign('ada', { audience: 'api://another-api' });
    await expect(verify(elsewhere)).rejects.toThrow(/aud/);
    await expect(verify(elsewhere)).rejects.toThrow(/aud/);
  });
});
