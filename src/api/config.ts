import { resolve } from 'node:path';
import { z } from 'zod';
import { formatHost, parseHost } from './http/host-header.ts';
import { isLoopbackHost } from './loopback.ts';
import { STORE_CALL_DEADLINE_MS } from './stores/repository.ts';

export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
/**
 * Failed authentications per client address per minute before 429. A browser whose token expired fails once per
 * request in flight before it signs in again: a handful, far below this.
 */
export const DEFAULT_FAILED_AUTHENTICATIONS_PER_MINUTE = 30;
export const MAX_TRUSTED_PROXY_HOPS = 5;

const booleanFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .default('false')
  .transform((value) => value === 'true' || value === '1');

/** A space- or comma-separated list, each entry checked on its own. */
const separatedList = <T extends z.ZodType<unknown, string>>(entry: T) =>
  z
    .string()
    .default('')
    .transform((value) => value.split(/[\s,]+/).filter(Boolean))
    .pipe(z.array(entry));

/** https, or http on loopback only (local test providers and hosts). */
function isHttpsOrLoopbackHttp(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}

const originList = separatedList(z.url({ protocol: /^https$/, error: 'Each origin is an https:// URL' }));

/** Host names, each optionally with :port, normalised to lowercase. */
const hostList = separatedList(
  z
    .string()
    .refine((value) => parseHost(value) !== null, 'Each entry is a host name, optionally with :port, e.g. calendar.contoso.com')
    .transform((value) => formatHost(parseHost(value)!)),
);

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const keySetUrl = z.url({ error: 'Use an absolute URL' }).refine(isHttpsOrLoopbackHttp, 'Use https:// (http:// only on loopback)');

const guidList = separatedList(z.string().regex(GUID, 'Each tenant id is a GUID'));

/** Origins of further hosts (a Teams-like host in development). */
const hostOriginList = separatedList(
  z.url({ error: 'Each origin is an absolute URL' }).refine(isHttpsOrLoopbackHttp, 'Use https:// origins (http:// only on loopback)'),
);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** SharePoint sites allowed to frame the app, e.g. https://contoso.sharepoint.com. */
  SHAREPOINT_ORIGINS: originList,
  /** The Teams app's id (the manifest's id), for deep links into Teams. */
  TEAMS_APP_ID: z.string().regex(GUID, 'Use the Teams app id (a GUID)').optional(),
  /** Further hosts that may frame the app and talk to it through teams-js, e.g. a local host simulator. */
  TRUSTED_HOST_ORIGINS: hostOriginList,
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(DEFAULT_RATE_LIMIT_PER_MINUTE),
  FAILED_AUTHENTICATIONS_PER_MINUTE: z.coerce.number().int().min(1).default(DEFAULT_FAILED_AUTHENTICATIONS_PER_MINUTE),
  /**
   * How many reverse proxies in front of the server append to X-Forwarded-For (App Service's front end: 1), so that
   * per-address limits count the client, not the proxy. 0: the socket's peer is the client.
   */
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(MAX_TRUSTED_PROXY_HOPS).default(0),
  /** The host names the server answers for beyond loopback (loadConfig defaults it to WEBSITE_HOSTNAME). */
  PUBLIC_HOSTS: hostList,
  /** Development sign-in listens on loopback only, unless this says otherwise. */
  ALLOW_DEV_SIGN_IN_ON_NETWORK: booleanFlag,
  /** Seed a demo tenant when the store is empty. Defaults to on in development mode. */
  SEED_DEMO_DATA: z.enum(['true', 'false', '1', '0']).optional(),
  WEB_ROOT: z.string().min(1).default('./dist/web'),
  STORE: z.enum(['sqlite', 'cosmos']).default('sqlite'),
  /** The most the SQLite database may hold, in MB: past it writes are refused (507) as on a full disk. */
  SQLITE_MAX_SIZE_MB: z.coerce.number().int().min(1).optional(),
  COSMOS_ENDPOINT: z.url({ protocol: /^https?$/, error: 'Use the account endpoint, e.g. https://contoso.documents.azure.com:443/' }).optional(),
  COSMOS_DATABASE: z.string().min(1).max(255).default('company-calendar'),
  /** Local use only: in Azure the app signs in with its managed identity. */
  COSMOS_KEY: z.string().min(1).optional(),
  /** Create the database and containers at start-up; Azure's infrastructure creates them, so it turns this off. */
  COSMOS_CREATE_RESOURCES: booleanFlag.default(true),
  /** The store's deadline for each request to Cosmos DB (STORE_CALL_DEADLINE_MS); longer only for a slow local emulator. */
  COSMOS_REQUEST_DEADLINE_MS: z.coerce.number().int().min(100).max(60_000).default(STORE_CALL_DEADLINE_MS),
  /** Entra ID: the app registration's client id turns Microsoft 365 sign-in on. */
  ENTRA_CLIENT_ID: z.string().regex(GUID, 'Use the app registration’s client id (a GUID)').optional(),
  ENTRA_APP_ID_URI: z.string().regex(/^api:\/\/\S+$/, 'Use the App ID URI, e.g. api://calendar.contoso.com/<client id>').optional(),
  /** The authority tenant the web app signs in against: a tenant id, or organizations for any work account. */
  ENTRA_TENANT_ID: z.union([z.string().regex(GUID), z.literal('organizations')], { error: 'Use a tenant id or organizations' }).default('organizations'),
  ENTRA_ALLOWED_TENANTS: guidList,
  ENTRA_JWKS_URI: keySetUrl.default('https://login.microsoftonline.com/common/discovery/v2.0/keys'),
  /** Any OpenID Connect provider for the standalone site. */
  OIDC_ISSUER: z.url({ protocol: /^https$/, error: 'Use the issuer’s https:// URL' }).optional(),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_AUDIENCE: z.string().min(1).optional(),
  OIDC_JWKS_URI: keySetUrl.optional(),
  OIDC_SCOPES: z.string().default('openid profile'),
  OIDC_TENANT_ID: z.string().min(1).max(100).optional(),
  /**
   * Microsoft Graph on behalf of the signed-in user (Entra ID only): how the API proves itself when it exchanges the
   * user's token. managed-identity: a federated identity credential trusting the web app's managed identity, no secret;
   * client-secret: ENTRA_CLIENT_SECRET, for local development only. Unset: the Graph features are off.
   */
  GRAPH_CREDENTIAL: z.enum(['managed-identity', 'client-secret']).optional(),
  /** A user-assigned managed identity's client id; without it, the system-assigned identity. */
  MANAGED_IDENTITY_CLIENT_ID: z.string().regex(GUID, 'Use the managed identity’s client id (a GUID)').optional(),
  /** Local development only. Named apart from AZURE_CLIENT_SECRET so that DefaultAzureCredential (Cosmos) never picks it up. */
  ENTRA_CLIENT_SECRET: z.string().min(1).optional(),
  ENTRA_AUTHORITY_HOST: keySetUrl.default('https://login.microsoftonline.com'),
  GRAPH_BASE_URL: keySetUrl.default('https://graph.microsoft.com/v1.0'),
});

export interface EntraConfig {
  clientId: string;
  appIdUri?: string;
  tenantId: string;
  allowedTenants: string[];
  jwksUri: string;
}

export interface OidcConfig {
  issuer: string;
  clientId: string;
  audience: string;
  jwksUri: string;
  scopes: string[];
  tenantId: string;
}

/** How the API proves itself to Entra ID's token endpoint in the on-behalf-of exchange. */
export type GraphCredential = { kind: 'managed-identity'; clientId?: string } | { kind: 'client-secret'; secret: string };

/** Microsoft Graph on behalf of the signed-in user. */
export interface GraphConfig {
  /** The API's app registration (ENTRA_CLIENT_ID). */
  clientId: string;
  credential: GraphCredential;
  /** Entra ID's authority host; the token endpoint is {authorityHost}/{user's tenant}/oauth2/v2.0/token. */
  authorityHost: string;
  /** Graph's root, e.g. https://graph.microsoft.com/v1.0 (no trailing slash). */
  baseUrl: string;
}

export type StoreConfig =
  | { kind: 'sqlite'; maxSizeBytes?: number }
  | { kind: 'cosmos'; endpoint: string; database: string; key?: string; createResources: boolean; deadlineMs: number };

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  logLevel: string;
  sharePointOrigins: string[];
  trustedHostOrigins: string[];
  teamsAppId: string | null;
  rateLimitPerMinute: number;
  failedAuthenticationsPerMinute: number;
  /** Host names (`name` or `name:port`) the server answers for besides loopback's. */
  publicHosts: string[];
  /** Reverse proxies that append the client's address to X-Forwarded-For. */
  trustedProxyHops: number;
  /** Development sign-in is the mode while no identity provider is configured. */
  identity:
    | { mode: 'development'; allowOnNetwork: boolean }
    | { mode: 'production'; entra?: EntraConfig; oidc?: OidcConfig };
  seedDemoData: boolean;
  webRoot: string;
  store: StoreConfig;
  /** Null while Graph is off (no GRAPH_CREDENTIAL, or no Entra ID). */
  graph: GraphConfig | null;
}

export class ConfigError extends Error {}

type Env = z.infer<typeof envSchema>;

/** The environment as the schema reads it; one error lists every variable it rejects. */
function parseEnv(env: NodeJS.ProcessEnv): Env {
  // App Service sets WEBSITE_HOSTNAME to the app's default host name.
  const parsed = envSchema.safeParse({ ...env, PUBLIC_HOSTS: env.PUBLIC_HOSTS ?? env.WEBSITE_HOSTNAME });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

/** The OpenID Connect provider OIDC_ISSUER names, if any; each setting it needs and lacks is added to problems. */
function oidcConfig(e: Env, problems: string[]): OidcConfig | undefined {
  if (!e.OIDC_ISSUER) return undefined;
  for (const name of ['OIDC_CLIENT_ID', 'OIDC_AUDIENCE', 'OIDC_JWKS_URI', 'OIDC_TENANT_ID'] as const) {
    if (!e[name]) problems.push(`  ${name}: Required with OIDC_ISSUER`);
  }
  if (!(e.OIDC_CLIENT_ID && e.OIDC_AUDIENCE && e.OIDC_JWKS_URI && e.OIDC_TENANT_ID)) return undefined;
  return {
    issuer: e.OIDC_ISSUER,
    clientId: e.OIDC_CLIENT_ID,
    audience: e.OIDC_AUDIENCE,
    jwksUri: e.OIDC_JWKS_URI,
    scopes: e.OIDC_SCOPES.split(/\s+/).filter(Boolean),
    tenantId: e.OIDC_TENANT_ID,
  };
}

function entraConfig(e: Env): EntraConfig | undefined {
  if (!e.ENTRA_CLIENT_ID) return undefined;
  return {
    clientId: e.ENTRA_CLIENT_ID,
    ...(e.ENTRA_APP_ID_URI ? { appIdUri: e.ENTRA_APP_ID_URI } : {}),
    tenantId: e.ENTRA_TENANT_ID,
    allowedTenants: e.ENTRA_ALLOWED_TENANTS,
    jwksUri: e.ENTRA_JWKS_URI,
  };
}

function identityConfig(e: Env, oidc: OidcConfig | undefined): Config['identity'] {
  const entra = entraConfig(e);
  return entra || oidc
    ? { mode: 'production', ...(entra ? { entra } : {}), ...(oidc ? { oidc } : {}) }
    : { mode: 'development', allowOnNetwork: e.ALLOW_DEV_SIGN_IN_ON_NETWORK };
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** Graph needs Entra ID and a credential; each setting it needs and lacks is added to problems. */
function graphConfig(e: Env, problems: string[]): GraphConfig | null {
  if (!e.GRAPH_CREDENTIAL) return null;
  if (!e.ENTRA_CLIENT_ID) problems.push('  ENTRA_CLIENT_ID: Required with GRAPH_CREDENTIAL (Graph is reached on behalf of Entra ID users)');
  if (e.GRAPH_CREDENTIAL === 'client-secret' && !e.ENTRA_CLIENT_SECRET) problems.push('  ENTRA_CLIENT_SECRET: Required with GRAPH_CREDENTIAL=client-secret');
  if (!e.ENTRA_CLIENT_ID || (e.GRAPH_CREDENTIAL === 'client-secret' && !e.ENTRA_CLIENT_SECRET)) return null;
  const credential: GraphCredential =
    e.GRAPH_CREDENTIAL === 'client-secret'
      ? { kind: 'client-secret', secret: e.ENTRA_CLIENT_SECRET! }
      : { kind: 'managed-identity', ...(e.MANAGED_IDENTITY_CLIENT_ID ? { clientId: e.MANAGED_IDENTITY_CLIENT_ID } : {}) };
  return { clientId: e.ENTRA_CLIENT_ID, credential, authorityHost: trimSlash(e.ENTRA_AUTHORITY_HOST), baseUrl: trimSlash(e.GRAPH_BASE_URL) };
}

function storeConfig(e: Env): StoreConfig {
  return e.STORE === 'cosmos'
    ? {
        kind: 'cosmos',
        endpoint: e.COSMOS_ENDPOINT!,
        database: e.COSMOS_DATABASE,
        ...(e.COSMOS_KEY ? { key: e.COSMOS_KEY } : {}),
        createResources: e.COSMOS_CREATE_RESOURCES,
        deadlineMs: e.COSMOS_REQUEST_DEADLINE_MS,
      }
    : { kind: 'sqlite', ...(e.SQLITE_MAX_SIZE_MB === undefined ? {} : { maxSizeBytes: e.SQLITE_MAX_SIZE_MB * 1024 * 1024 }) };
}

/** Who may reach the server: beyond loopback only with an identity provider (or on purpose) and named hosts. */
function checkReach(config: Config): void {
  const { identity } = config;
  if (identity.mode === 'development' && !identity.allowOnNetwork && !isLoopbackHost(config.host)) {
    throw new ConfigError(
      `Development sign-in lets anyone act as any demo user, so it only listens on loopback. ` +
        `HOST is "${config.host}". Use HOST=localhost, configure an identity provider, ` +
        `or set ALLOW_DEV_SIGN_IN_ON_NETWORK=true if you really mean to expose it.`,
    );
  }
  if (!isLoopbackHost(config.host) && config.publicHosts.length === 0) {
    throw new ConfigError(
      `HOST is "${config.host}", beyond loopback, but PUBLIC_HOSTS is empty. The server only answers requests for ` +
        `loopback and the host names in PUBLIC_HOSTS (a defence against DNS rebinding). Set PUBLIC_HOSTS to the ` +
        `names people reach it by, e.g. PUBLIC_HOSTS=calendar.contoso.com, or use HOST=localhost.`,
    );
  }
}

/** Reads and checks the environment; one error lists every variable at fault. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const e = parseEnv(env);
  const problems: string[] = [];
  const oidc = oidcConfig(e, problems);
  if (e.STORE === 'cosmos' && !e.COSMOS_ENDPOINT) problems.push('  COSMOS_ENDPOINT: Required with STORE=cosmos');
  const graph = graphConfig(e, problems);
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  const identity = identityConfig(e, oidc);
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    logLevel: e.LOG_LEVEL,
    sharePointOrigins: e.SHAREPOINT_ORIGINS.map((url) => new URL(url).origin),
    trustedHostOrigins: e.TRUSTED_HOST_ORIGINS.map((url) => new URL(url).origin),
    teamsAppId: e.TEAMS_APP_ID ?? null,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    failedAuthenticationsPerMinute: e.FAILED_AUTHENTICATIONS_PER_MINUTE,
    publicHosts: e.PUBLIC_HOSTS,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    identity,
    seedDemoData: e.SEED_DEMO_DATA === undefined ? identity.mode === 'development' : e.SEED_DEMO_DATA === 'true' || e.SEED_DEMO_DATA === '1',
    webRoot: resolve(e.WEB_ROOT),
    store: storeConfig(e),
    graph,
  };
  checkReach(config);
  return config;
}
