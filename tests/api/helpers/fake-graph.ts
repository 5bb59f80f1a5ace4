import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Temporal } from 'temporal-polyfill';
import { findIana } from 'windows-iana';

/**
 * Microsoft Graph and Entra ID's token endpoint at the HTTP level, on loopback: what the API talks to on behalf of
 * a user. Three parts on one port:
 * - `/{tenant}/oauth2/v2.0/token`: the on-behalf-of exchange, checked as Entra ID checks it (grant type, assertion,
 *   client id, client secret or a managed identity's client assertion, scopes); can refuse for want of consent.
 * - `/msi/token`: App Service's managed identity endpoint (IDENTITY_ENDPOINT/IDENTITY_HEADER), which issues the
 *   client assertion for the token-exchange audience.
 * - `/v1.0/…`: Graph. Routes are added with `graph.route(method, '/me/events/:id', handler)`; handlers see the
 *   user the Graph token was issued to. /me/events is built in (a mailbox per user).
 */

export const FAKE_GRAPH_CLIENT_SECRET = 'local-development-secret';
export const FAKE_IDENTITY_HEADER = 'fake-app-service-identity-header';

export interface GraphCaller {
  tenantId: string;
  userId: string;
  scopes: string[];
}

export interface GraphRouteRequest {
  caller: GraphCaller;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface GraphRouteAnswer {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

export type GraphRouteHandler = (request: GraphRouteRequest) => GraphRouteAnswer | Promise<GraphRouteAnswer>;

export interface TokenExchange {
  tenantId: string;
  /** The user's token the API sent as the assertion. */
  assertion: string;
  scopes: string[];
  clientAuthentication: 'client-secret' | 'managed-identity';
}

export interface GraphRequestRecord {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface FakeGraph {
  /** The root to set ENTRA_AUTHORITY_HOST to. */
  authorityHost: string;
  /** The root to set GRAPH_BASE_URL to. */
  graphBaseUrl: string;
  /** IDENTITY_ENDPOINT and IDENTITY_HEADER, as App Service sets them for its managed identity. */
  managedIdentityEnv: { IDENTITY_ENDPOINT: string; IDENTITY_HEADER: string };
  /** Every successful on-behalf-of exchange, in order. */
  exchanges: TokenExchange[];
  /** Every Graph request, in order (throttled ones too). */
  requests: GraphRequestRecord[];
  /** Managed identity tokens issued. */
  managedIdentityTokens: number;
  /** Scopes users have not consented to: an exchange asking for one is refused with AADSTS65001. */
  unconsentedScopes: Set<string>;
  /** The next `count` Graph requests are answered 429 (or `status`) with this Retry-After. */
  throttleNext(count: number, retryAfter: string, status?: number): void;
  /** Graph stops taking every token issued so far (as after a revocation): they get 401. */
  revokeGraphTokens(): void;
  /** Adds a Graph route; `path` may hold :name segments. Later routes win over earlier ones for the same path. */
  route(method: string, path: string, handler: GraphRouteHandler): void;
  /** The events in a user's mailbox, by Graph id. */
  mailbox(userId: string): Map<string, Record<string, unknown>>;
  close(): Promise<void>;
}

export interface FakeGraphOptions {
  /** The API's client id, which the exchange must name. */
  clientId: string;
  /** The audience the user's token (the assertion) must carry: the API's App ID URI or client id. */
  apiAudiences: string[];
}

const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(body === undefined ? '' : JSON.stringify(body));
};

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function jwtPayload(token: string): Record<string, unknown> | null {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

const unsignedJwt = (claims: Record<string, unknown>) =>
  `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;

interface Pattern {
  method: string;
  parts: string[];
  handler: GraphRouteHandler;
}

function matchRoute(patterns: Pattern[], method: string, path: string): { handler: GraphRouteHandler; params: Record<string, string> } | null {
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  for (const pattern of [...patterns].reverse()) {
    if (pattern.method !== method || pattern.parts.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.parts.every((part, index) => {
      if (part.startsWith(':')) return (params[part.slice(1)] = parts[index]!), true;
      return part === parts[index];
    });
    if (fits) return { handler: pattern.handler, params };
  }
  return null;
}

const tokenError = (error: string, description: string, codes: number[], extra: Record<string, unknown> = {}) => ({
  error,
  error_description: `AADSTS${codes[0] ?? 0}: ${description}`,
  error_codes: codes,
  ...extra,
});

interface FakeState {
  options: FakeGraphOptions;
  exchanges: TokenExchange[];
  requests: GraphRequestRecord[];
  managedIdentityTokens: number;
  issuedAssertions: Set<string>;
  graphTokens: Map<string, GraphCaller>;
  throttle: { count: number; retryAfter: string; status: number };
  patterns: Pattern[];
  mailboxes: Map<string, Map<string, Record<string, unknown>>>;
  unconsentedScopes: Set<string>;
}

/** App Service's managed identity endpoint: a token for the token-exchange audience, the client assertion. */
function managedIdentity(state: FakeState, request: IncomingMessage, url: URL, response: ServerResponse) {
  if (request.headers['x-identity-header'] !== FAKE_IDENTITY_HEADER) return json(response, 401, { error: 'invalid_header' });
  if (url.searchParams.get('resource') !== 'api://AzureADTokenExchange') return json(response, 400, { error: 'invalid_resource' });
  state.managedIdentityTokens++;
  const token = unsignedJwt({ aud: 'api://AzureADTokenExchange', sub: 'web-app-managed-identity', jti: randomUUID() });
  state.issuedAssertions.add(token);
  const expiresOn = Math.floor(Date.now() / 1000) + 3600;
  json(response, 200, { access_token: token, expires_on: String(expiresOn), resource: 'api://AzureADTokenExchange', token_type: 'Bearer' });
}

function clientAuthentication(state: FakeState, form: URLSearchParams): TokenExchange['clientAuthentication'] | null {
  if (form.get('client_secret') === FAKE_GRAPH_CLIENT_SECRET && !form.has('client_assertion')) return 'client-secret';
  const assertion = form.get('client_assertion');
  if (form.get('client_assertion_type') === 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer' && assertion && state.issuedAssertions.has(assertion)) {
    return 'managed-identity';
  }
  return null;
}

/** The on-behalf-of exchange, refused as Entra ID refuses it: wrong grant, client, assertion, scope, or no consent. */
async function tokenEndpoint(state: FakeState, request: IncomingMessage, tenantId: string, response: ServerResponse) {
  const form = new URLSearchParams(await readBody(request));
  if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer' || form.get('requested_token_use') !== 'on_behalf_of') {
    return json(response, 400, tokenError('unsupported_grant_type', 'Not an on-behalf-of request.', [70003]));
  }
  if (form.get('client_id') !== state.options.clientId) return json(response, 400, tokenError('unauthorized_client', 'Unknown client.', [700016]));
  const clientAuth = clientAuthentication(state, form);
  if (!clientAuth) return json(response, 401, tokenError('invalid_client', 'Client authentication failed.', [7000215]));
  const assertion = form.get('assertion') ?? '';
  const claims = jwtPayload(assertion);
  const audienceOk = claims !== null && state.options.apiAudiences.includes(String(claims.aud));
  if (!audienceOk || claims?.tid !== tenantId) return json(response, 400, tokenError('invalid_grant', 'Assertion audience or tenant is wrong.', [50013]));
  const scopes = (form.get('scope') ?? '').split(' ').filter(Boolean);
  if (scopes.length === 0) return json(response, 400, tokenError('invalid_scope', 'No scope.', [70011]));
  if (scopes.some((scope) => state.unconsentedScopes.has(scope))) {
    return json(response, 400, tokenError('invalid_grant', 'The user or administrator has not consented to use the application.', [65001], { suberror: 'consent_required' }));
  }
  state.exchanges.push({ tenantId, assertion, scopes, clientAuthentication: clientAuth });
  const token = `graph-${randomUUID()}`;
  state.graphTokens.set(token, { tenantId, userId: String(claims.oid), scopes });
  json(response, 200, { token_type: 'Bearer', scope: scopes.join(' '), expires_in: 3599, ext_expires_in: 3599, access_token: token });
}

/** Graph: throttled while asked to be, then the caller's token checked and the route's handler run. */
async function graphRequest(state: FakeState, request: IncomingMessage, url: URL, response: ServerResponse) {
  const raw = await readBody(request);
  const body = raw === '' ? undefined : (JSON.parse(raw) as unknown);
  const path = url.pathname.slice('/v1.0'.length);
  state.requests.push({ method: request.method ?? 'GET', path, query: url.searchParams, headers: request.headers, body });
  if (state.throttle.count > 0) {
    state.throttle.count--;
    return json(response, state.throttle.status, { error: { code: 'TooManyRequests', message: 'Throttled' } }, { 'retry-after': state.throttle.retryAfter });
  }
  const caller = state.graphTokens.get(/^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '');
  if (!caller) return json(response, 401, { error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty or invalid.' } });
  const matched = matchRoute(state.patterns, request.method ?? 'GET', path);
  if (!matched) return json(response, 404, { error: { code: 'ResourceNotFound', message: `No fake for ${request.method} ${path}` } });
  const answer = await matched.handler({ caller, params: matched.params, query: url.searchParams, headers: request.headers, body });
  json(response, answer.status ?? 200, answer.body, answer.headers);
}

function handle(state: FakeState, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://127.0.0.1');
  const tenant = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname)?.[1];
  if (url.pathname === '/msi/token') return Promise.resolve(managedIdentity(state, request, url, response));
  if (tenant !== undefined && request.method === 'POST') return tokenEndpoint(state, request, decodeURIComponent(tenant), response);
  if (url.pathname.startsWith('/v1.0/')) return graphRequest(state, request, url, response);
  return Promise.resolve(json(response, 404, { error: 'not_found' }));
}

export async function startFakeGraph(options: FakeGraphOptions): Promise<FakeGraph> {
  const state: FakeState = {
    options,
    exchanges: [],
    requests: [],
    managedIdentityTokens: 0,
    issuedAssertions: new Set(),
    graphTokens: new Map(),
    throttle: { count: 0, retryAfter: '0', status: 429 },
    patterns: [],
    mailboxes: new Map(),
    unconsentedScopes: new Set(),
  };
  const server: Server = createServer((request, response) => {
    handle(state, request, response).catch((error: unknown) => json(response, 500, { error: { code: 'FakeFailed', message: String(error) } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const root = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const fake: FakeGraph = {
    authorityHost: root,
    graphBaseUrl: `${root}/v1.0`,
    managedIdentityEnv: { IDENTITY_ENDPOINT: `${root}/msi/token`, IDENTITY_HEADER: FAKE_IDENTITY_HEADER },
    exchanges: state.exchanges,
    requests: state.requests,
    get managedIdentityTokens() {
      return state.managedIdentityTokens;
    },
    unconsentedScopes: state.unconsentedScopes,
    throttleNext(count, retryAfter, status = 429) {
      state.throttle = { count, retryAfter, status };
    },
    revokeGraphTokens: () => state.graphTokens.clear(),
    route(method, path, handler) {
      state.patterns.push({ method, parts: path.split('/').filter(Boolean), handler });
    },
    mailbox(userId) {
      let box = state.mailboxes.get(userId);
      if (!box) state.mailboxes.set(userId, (box = new Map()));
      return box;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  addMailboxRoutes(fake);
  return fake;
}

type StoredEvent = Record<string, unknown>;
interface Recurrence {
  pattern: { type: string; interval: number; daysOfWeek?: string[] };
  range: { type: string; startDate: string; endDate?: string; numberOfOccurrences?: number; recurrenceTimeZone: string };
}
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

/**
 * A series' original starts (UTC, as Graph's originalStart) up to `untilMs`: daily and weekly patterns only, which
 * is what the tests add; Exchange itself is the reference for the others.
 */
function originalStarts(event: StoredEvent, untilMs: number): string[] {
  const { pattern, range } = event.recurrence as Recurrence;
  const zone = findIana(range.recurrenceTimeZone)[0] ?? range.recurrenceTimeZone;
  const time = String((event.start as { dateTime: string }).dateTime).slice(11);
  const first = Temporal.PlainDate.from(range.startDate);
  const starts: string[] = [];
  for (let date = first; ; date = date.add({ days: 1 })) {
    const instant = Temporal.PlainDateTime.from(`${date}T${time}`).toZonedDateTime(zone).toInstant();
    if (instant.epochMilliseconds >= untilMs || (range.endDate && date.toString() > range.endDate)) break;
    if (range.numberOfOccurrences !== undefined && starts.length >= range.numberOfOccurrences) break;
    const days = first.until(date).days;
    const fits =
      pattern.type === 'daily'
        ? days % pattern.interval === 0
        : Math.floor((days + first.dayOfWeek - 1) / 7) % pattern.interval === 0 && (pattern.daysOfWeek ?? []).includes(WEEKDAYS[date.dayOfWeek - 1]!);
    if (fits) starts.push(instant.toString());
  }
  return starts;
}

/** /me/events/{id}/instances: a series' occurrences in a window, without those cancelled, with their changes. */
function addInstanceRoutes(fake: FakeGraph): void {
  const instanceOf = (userId: string, id: string) => {
    const [masterId, originalStart] = id.split('_');
    const master = fake.mailbox(userId).get(masterId ?? '');
    return master && originalStart ? { master, originalStart } : null;
  };
  fake.route('GET', '/me/events/:id/instances', ({ caller, params, query }) => {
    const master = fake.mailbox(caller.userId).get(params.id!);
    if (!master?.recurrence) return { status: 404, body: { error: { code: 'ErrorItemNotFound', message: 'No series' } } };
    const fromMs = Date.parse(query.get('startDateTime') ?? '');
    const cancelled = (master.cancelled ?? []) as string[];
    const value = originalStarts(master, Date.parse(query.get('endDateTime') ?? ''))
      .filter((start) => Date.parse(start) >= fromMs && !cancelled.includes(start))
      .map((originalStart) => ({ id: `${params.id}_${originalStart}`, originalStart, ...((master.changed as StoredEvent | undefined)?.[originalStart] as object) }));
    return { body: { value } };
  });
  fake.route('DELETE', '/me/events/:id', ({ caller, params }) => {
    const instance = instanceOf(caller.userId, params.id!);
    if (!instance) return deleteEvent(fake, caller.userId, params.id!);
    instance.master.cancelled = [...((instance.master.cancelled ?? []) as string[]), instance.originalStart];
    return { status: 204 };
  });
  fake.route('PATCH', '/me/events/:id', ({ caller, params, body }) => {
    const instance = instanceOf(caller.userId, params.id!);
    if (!instance) return patchEvent(fake, caller.userId, params.id!, body);
    instance.master.changed = { ...(instance.master.changed as object), [instance.originalStart]: body };
    return { body: { id: params.id, ...(body as object) } };
  });
}

const NOT_FOUND = { status: 404, body: { error: { code: 'ErrorItemNotFound', message: 'Not found' } } };

function deleteEvent(fake: FakeGraph, userId: string, id: string): GraphRouteAnswer {
  return fake.mailbox(userId).delete(id) ? { status: 204 } : NOT_FOUND;
}

function patchEvent(fake: FakeGraph, userId: string, id: string, body: unknown): GraphRouteAnswer {
  const box = fake.mailbox(userId);
  const event = box.get(id);
  if (!event) return NOT_FOUND;
  const patched = { ...event, ...(body as StoredEvent) };
  box.set(id, patched);
  return { body: patched };
}

const EXTENDED_PROPERTY_FILTER = /^singleValueExtendedProperties\/Any\(ep: ep\/id eq '([^']+)' and ep\/value eq '([^']*)'\)$/;

/** /me/events: create (deduplicated by transactionId), read, patch, delete, and $filter by a single-value extended property. */
function addMailboxRoutes(fake: FakeGraph): void {
  const propertiesOf = (event: Record<string, unknown>) => (event.singleValueExtendedProperties ?? []) as { id: string; value: string }[];
  fake.route('GET', '/me/events', ({ caller, query }) => {
    const filter = EXTENDED_PROPERTY_FILTER.exec(query.get('$filter') ?? '');
    if (!filter) return { status: 400, body: { error: { code: 'BadRequest', message: 'Unsupported $filter in the fake' } } };
    const [, id, value] = filter;
    const found = [...fake.mailbox(caller.userId).values()].filter((event) => propertiesOf(event).some((p) => p.id.toLowerCase() === id!.toLowerCase() && p.value === value));
    return { body: { value: found } };
  });
  fake.route('POST', '/me/events', ({ caller, body }) => {
    const input = body as Record<string, unknown>;
    const box = fake.mailbox(caller.userId);
    const again = [...box.values()].find((event) => input.transactionId && event.transactionId === input.transactionId);
    if (again) return { status: 201, body: again };
    const event = { ...input, id: `AAMk-${randomUUID()}`, webLink: 'https://outlook.office365.com/owa/?itemid=fake', createdDateTime: new Date().toISOString() };
    box.set(event.id, event);
    return { status: 201, body: event };
  });
  fake.route('GET', '/me/events/:id', ({ caller, params }) => {
    const event = fake.mailbox(caller.userId).get(params.id!);
    return event ? { body: event } : NOT_FOUND;
  });
  addInstanceRoutes(fake);
}
