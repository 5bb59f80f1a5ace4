import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLocalJWKSet, exportJWK, generateKeyPair, importJWK, SignJWT, type JWK } from 'jose';
import { ADMIN_APP_ROLE } from './principal.ts';
import type { TrustedIssuer } from './token-verifier.ts';

/** Development sign-in: the API issues its own short-lived tokens for a few demo users. */
export const DEV_ISSUER = 'urn:company-calendar:development';
export const DEV_AUDIENCE = 'api://company-calendar-development';
export const DEV_SCOPE = 'access_as_user';
export const DEV_TOKEN_LIFETIME_SECONDS = 3_600;
export const DEV_KEY_FILE_NAME = 'dev-signing-key.json';
const DEV_ALGORITHM = 'ES256';

export const DEMO_TENANT_ID = '4f1d6d0a-7c4e-4a55-9d8e-0de5c0a1e001';

export interface DevUser {
  id: string;
  name: string;
  description: string;
  appRoles: string[];
}

export const DEV_USERS: readonly DevUser[] = [
  { id: 'ada', name: 'Ada Admin', description: 'Administrator: manages calendars and their editors', appRoles: [ADMIN_APP_ROLE] },
  { id: 'eddie', name: 'Eddie Editor', description: 'Editor of the Company and Engineering calendars', appRoles: [] },
  { id: 'riley', name: 'Riley Reader', description: 'Reader: sees every calendar, changes nothing', appRoles: [] },
];

export interface DevSigningKey {
  privateJwk: JWK;
  publicJwk: JWK;
}

/** Loads the signing key from the data directory, making one on first use, so tokens survive restarts. */
export async function loadDevSigningKey(dataDir: string): Promise<DevSigningKey> {
  const file = join(dataDir, DEV_KEY_FILE_NAME);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DevSigningKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const { privateKey, publicKey } = await generateKeyPair(DEV_ALGORITHM, { extractable: true });
  const kid = randomUUID();
  const key: DevSigningKey = {
    privateJwk: { ...(await exportJWK(privateKey)), kid, alg: DEV_ALGORITHM },
    publicJwk: { ...(await exportJWK(publicKey)), kid, alg: DEV_ALGORITHM, use: 'sig' },
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(key), { mode: 0o600 });
  return key;
}

export function devTrustedIssuer(key: DevSigningKey): TrustedIssuer {
  return {
    matches: (iss) => iss === DEV_ISSUER,
    audiences: [DEV_AUDIENCE],
    keys: createLocalJWKSet({ keys: [key.publicJwk] }),
    algorithms: [DEV_ALGORITHM],
    requiredScope: DEV_SCOPE,
  };
}

/** Signs a development token shaped like an Entra v2 access token (oid, tid, scp, roles). */
export async function signDevToken(key: DevSigningKey, user: DevUser, tenantId = DEMO_TENANT_ID): Promise<{ accessToken: string; expiresOn: string }> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + DEV_TOKEN_LIFETIME_SECONDS;
  const accessToken = await new SignJWT({ oid: user.id, tid: tenantId, name: user.name, roles: user.appRoles, scp: DEV_SCOPE, ver: '2.0' })
    .setProtectedHeader({ alg: DEV_ALGORITHM, kid: key.privateJwk.kid, typ: 'JWT' })
    .setIssuer(DEV_ISSUER)
    .setAudience(DEV_AUDIENCE)
    .setSubject(user.id)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(exp)
    .sign(await importJWK(key.privateJwk, DEV_ALGORITHM));
  return { accessToken, expiresOn: new Date(exp * 1000).toISOString() };
}
