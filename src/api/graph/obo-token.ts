import type { ManagedIdentityCredential } from '@azure/identity';
import { LRUCache } from 'lru-cache';
import type { GraphConfig, GraphCredential } from '../config.ts';
import { ConsentRequiredError, GraphUnavailableError } from './graph-errors.ts';

/** Graph tokens held at once (one per user and set of scopes), least recently used out first. */
export const GRAPH_TOKENS_CACHED_MAX = 5_000;
/** A cached Graph token is dropped this long before it expires, so that no request leaves with one about to. */
export const GRAPH_TOKEN_EXPIRY_MARGIN_MS = 5 * 60_000;
/** How long the token endpoint (and the managed identity endpoint) may take. */
export const TOKEN_REQUEST_TIMEOUT_MS = 10_000;
/**
 * The audience of the managed identity's token that is our client assertion: the federated identity credential
 * trusts it (public cloud; the US government and China clouds use api://AzureADTokenExchangeUSGov and …China).
 */
export const TOKEN_EXCHANGE_AUDIENCE = 'api://AzureADTokenExchange';

const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
// AADSTS65001: no consent; AADSTS65004: consent declined; interaction_required (e.g. MFA, AADSTS50076) carries claims.
const CONSENT_ERRORS = new Set(['consent_required', 'interaction_required']);
const CONSENT_CODES = new Set([65001, 65004]);

/** Whose token is exchanged: the verified caller, and the bearer token they called the API with. */
export interface GraphUser {
  tenantId: string;
  userId: string;
  /** The user's access token for this API (Entra ID v2): the on-behalf-of assertion. */
  assertion: string;
}

export interface OboTokenSource {
  /** A Graph access token for the user with these scopes (full URIs), from the cache while it is fresh. */
  token(user: GraphUser, scopes: readonly string[]): Promise<string>;
  /** Forgets the user's cached token, e.g. after Graph answered 401 to it. */
  forget(user: GraphUser, scopes: readonly string[]): void;
}

/** The client_secret or client_assertion parameters of a token request. */
type ClientAuthentication = () => Promise<Record<string, string>>;

/**
 * The managed identity's token for the token-exchange audience is the client assertion, so no secret exists in
 * production. @azure/identity caches that token and renews it before it expires.
 */
function clientAuthentication(credential: GraphCredential): ClientAuthentication {
  if (credential.kind === 'client-secret') return async () => ({ client_secret: credential.secret });
  // Loaded at the first exchange, as the Cosmos store loads it: importing @azure/identity takes about 110 ms, which
  // every start-up would otherwise pay, with Graph off too.
  let identity: Promise<ManagedIdentityCredential> | null = null;
  return async () => {
    identity ??= import('@azure/identity').then((azure) => new azure.ManagedIdentityCredential(credential.clientId ? { clientId: credential.clientId } : {}));
    const token = await (await identity).getToken(`${TOKEN_EXCHANGE_AUDIENCE}/.default`, { abortSignal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS) });
    return { client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: token.token };
  };
}

interface TokenErrorBody {
  error?: string;
  error_description?: string;
  error_codes?: number[];
  suberror?: string;
  claims?: string;
}

function isConsentError(body: TokenErrorBody): boolean {
  return (
    CONSENT_ERRORS.has(body.error ?? '') ||
    body.suberror === 'consent_required' ||
    (body.error_codes ?? []).some((code) => CONSENT_CODES.has(code)) ||
    /^AADSTS6500[14]\b/.test(body.error_description ?? '')
  );
}

/** The token endpoint's refusal as the error the API answers with; its description is logged, never sent. */
function exchangeFailure(status: number, body: TokenErrorBody, scopes: readonly string[]): Error {
  if (isConsentError(body)) return new ConsentRequiredError([...scopes], body.claims);
  const cause = `token endpoint ${status}: ${body.error ?? 'no error code'} ${body.error_description ?? ''}`.trim();
  return new GraphUnavailableError(status === 429 || status >= 500 ? 'busy' : 'refused', { cause });
}

/** One on-behalf-of exchange: the user's token for a Graph token with these scopes. */
async function exchange(config: GraphConfig, authenticate: ClientAuthentication, user: GraphUser, scopes: readonly string[]) {
  const endpoint = `${config.authorityHost}/${encodeURIComponent(user.tenantId)}/oauth2/v2.0/token`;
  const form = new URLSearchParams({
    grant_type: JWT_BEARER_GRANT,
    requested_token_use: 'on_behalf_of',
    assertion: user.assertion,
    client_id: config.clientId,
    scope: scopes.join(' '),
    ...(await authenticate()),
  });
  let response: Response;
  try {
    response = await fetch(endpoint, { method: 'POST', body: form, signal: AbortSignal.timeout(TOKEN_REQUEST_TIMEOUT_MS) });
  } catch (error) {
    throw new GraphUnavailableError('busy', { cause: `token endpoint unreachable: ${(error as Error).message}` });
  }
  const body = (await response.json().catch(() => ({}))) as TokenErrorBody & { access_token?: string; expires_in?: number | string };
  if (!response.ok || typeof body.access_token !== 'string') throw exchangeFailure(response.status, body, scopes);
  return { accessToken: body.access_token, expiresInMs: Number(body.expires_in ?? 0) * 1000 };
}

/**
 * Graph tokens on behalf of users, by a direct POST to Entra ID's token endpoint rather than msal-node's
 * acquireTokenOnBehalfOf: msal-node refuses an http:// authority (so no loopback fake in tests) and caches per
 * incoming assertion, unbounded, so a user whose API token renews hourly leaves a new entry each hour. Here one
 * token per user (tenant + object id, both verified) and scope set is kept until shortly before it expires, in a
 * bounded LRU; concurrent requests for the same user share one exchange.
 */
export function createOboTokenSource(config: GraphConfig): OboTokenSource {
  const authenticate = clientAuthentication(config.credential);
  // Each entry's own ttl (its token's lifetime) is set as it is stored; this default only turns ttl tracking on.
  const cache = new LRUCache<string, string>({ max: GRAPH_TOKENS_CACHED_MAX, ttl: GRAPH_TOKEN_EXPIRY_MARGIN_MS });
  const pending = new Map<string, Promise<string>>();
  const keyOf = (user: GraphUser, scopes: readonly string[]) => `${user.tenantId}\n${user.userId}\n${[...scopes].sort().join(' ')}`;

  async function exchangeAndRemember(key: string, user: GraphUser, scopes: readonly string[]): Promise<string> {
    const { accessToken, expiresInMs } = await exchange(config, authenticate, user, scopes);
    const ttl = expiresInMs - GRAPH_TOKEN_EXPIRY_MARGIN_MS;
    if (ttl > 0) cache.set(key, accessToken, { ttl });
    return accessToken;
  }

  return {
    token(user, scopes) {
      const key = keyOf(user, scopes);
      const cached = cache.get(key);
      if (cached !== undefined) return Promise.resolve(cached);
      let running = pending.get(key);
      if (!running) {
        running = exchangeAndRemember(key, user, scopes).finally(() => pending.delete(key));
        pending.set(key, running);
      }
      return running;
    },
    forget(user, scopes) {
      cache.delete(keyOf(user, scopes));
    },
  };
}
