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
  /** The demo directory shows it beside the name, as the people picker shows a user's mail. */
  mail: string;
  appRoles: string[];
}

export const DEV_USERS: readonly DevUser[] = [
  { id: 'ada', name: 'Ada Admin', description: 'Administrator: manages calendars and their editors', mail: 'ada@demo.example', appRoles: [ADMIN_APP_ROLE] },
  { id: 'eddie', name: 'Eddie Editor', description: 'Editor of the Company and Engineering calendars', mail: 'eddie@demo.example', appRoles: [] },
  { id: 'riley', name: 'Riley Reader', description: 'Reader: sees every calendar, changes nothing', mail: 'riley@demo.example', appRoles: [] },
];

export interface DevGroup {
  /** Stable, so that a calendar listing a group as editor keeps working across restarts. */
  id: string;
  name: string;
  description: string;
  /** Ids of DEV_USERS: their tokens carry the group in `groups`, as Entra's do. */
  members: readonly string[];
}

/** The demo organisation's groups: the people picker finds them, and a calendar may list them as editors. */
export const DEV_GROUPS: readonly DevGroup[] = [
  { id: 'group-all-staff', name: 'All staff', description: 'Everyone in the demo organisation', members: ['ada', 'eddie', 'riley'] },
  { id: 'group-engineering', name: 'Engineering', description: 'The engineering team', members: ['eddie', 'riley'] },
  { id: 'group-communications', name: 'Communications', description: 'Internal communications and events', members: ['ada'] },
  { id: 'group-event-planners', name: 'Event planners', description: 'They organise the offsites and parties', members: ['eddie'] },
];

/** The ids of the demo groups a demo user belongs to. */
export function devGroupsOf(userId: string): string[] {
  return DEV_GROUPS.filter((group) => group.members.includes(userId)).map((group) => group.id);
}

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

/** Signs a development token shaped like an Entra v2 access token (oid, tid, scp, roles, groups). */
export async function signDevToken(key: DevSigningKey, user: DevUser, tenantId = DEMO_TENANT_ID): Promise<{ accessToken: string; expiresOn: string }> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + DEV_TOKEN_LIFETIME_SECONDS;
  const claims = { oid: user.id, tid: tenantId, name: user.name, roles: user.appRoles, groups: devGroupsOf(user.id), scp: DEV_SCOPE, ver: '2.0' };
  const accessToken = await new SignJWT(claims)
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
