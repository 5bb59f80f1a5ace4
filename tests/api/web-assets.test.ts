import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES } from '../../src/api/plugins/external/compression.ts';
import { IMMUTABLE_CACHE_CONTROL, REVALIDATE_CACHE_CONTROL } from '../../src/api/plugins/app/web-app.ts';
import { CLIENT_ROUTES } from '../../src/shared/client-routes.ts';
import { build, type TestServer } from './helpers/test-server.ts';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire: node:http, unlike fetch, decodes nothing. */
  body: Buffer;
}

function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

function decoded(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.body).toString('utf8');
  return response.body.toString('utf8');
}

// What a Vite build leaves in dist/web, in small: an entry under the threshold, a hashed chunk with its
// precompressed copies, and a map that a misconfigured build might leave behind.
const APP_JS = `export const days = ${JSON.stringify(Array.from({ length: 200 }, (_, day) => `day ${day}`))};\n`;
const INDEX_HTML = '<!doctype html><html><head><script type="module" src="/assets/main-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>\n';
// The service worker is not hashed: a browser must revalidate it every time to find a new release.
const SERVICE_WORKER = `self.__WB_MANIFEST = ${JSON.stringify(Array.from({ length: 60 }, (_, index) => ({ url: `assets/chunk-${index}.js`, revision: null })))};\n`;
const MANIFEST = JSON.stringify({ name: 'Company Calendar', icons: Array.from({ length: 40 }, (_, size) => ({ src: `/icon-${size}.png`, sizes: `${size}x${size}` })) });

function writeWebRoot(root: string) {
  mkdirSync(join(root, 'assets'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': INDEX_HTML,
    'auth-end.html': '<!doctype html><title>Signing in</title>\n',
    'assets/main-Ab12Cd34.js': APP_JS,
    'assets/main-Ab12Cd34.js.map': '{"version":3,"sources":["secret.ts"]}',
    'manifest.webmanifest': MANIFEST,
    'service-worker.js': SERVICE_WORKER,
  };
  for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
  for (const path of ['assets/main-Ab12Cd34.js', 'manifest.webmanifest', 'service-worker.js']) {
    writeFileSync(join(root, `${path}.br`), brotliCompressSync(files[path]!));
    writeFileSync(join(root, `${path}.gz`), gzipSync(files[path]!));
  }
}

describe('the web app and the API over the wire', () => {
  const webRoot = mkdtempSync(join(tmpdir(), 'company-calendar-web-'));
  let api: TestServer;
  beforeAll(async () => {
    writeWebRoot(webRoot);
    api = await build({ WEB_ROOT: webRoot });
  });
  afterAll(async () => {
    await api.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('sends a script brotli-compressed when br is accepted, gzip when only gzip is, and as is otherwise, each varying on Accept-Encoding', async () => {
    const asked = { br: 'gzip, deflate, br', gzip: 'gzip, deflate', identity: 'identity' };
    for (const [encoding, acceptEncoding] of Object.entries(asked)) {
      const response = await get(api.url, '/assets/main-Ab12Cd34.js', { 'accept-encoding': acceptEncoding });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
      expect(response.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(response)).toBe(APP_JS);
    }
    const br = await get(api.url, '/assets/main-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(br.body.length).toBeLessThan(Buffer.byteLength(APP_JS) / 2);
  });

  it('caches hashed assets for a year as immutable, and keeps the security headers on compressed files', async () => {
    const response = await get(api.url, '/assets/main-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(response.headers['cache-control']).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a hashed asset from memory once read, with an ETag of its content that gets 304 in every encoding', async () => {
    const first = await get(api.url, '/assets/main-Ab12Cd34.js', { 'accept-encoding': 'br' });
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    // A build never changes a hashed file under a running server; were it changed, the server would not read it again.
    writeFileSync(join(webRoot, 'assets/main-Ab12Cd34.js'), 'export const changed = true;\n');
    rmSync(join(webRoot, 'assets/main-Ab12Cd34.js.br'));
    const again = await get(api.url, '/assets/main-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(again.headers['content-encoding']).toBe('br');
    expect(decoded(again)).toBe(APP_JS);
    for (const acceptEncoding of ['br', 'gzip', 'identity']) {
      const revalidated = await get(api.url, '/assets/main-Ab12Cd34.js', { 'accept-encoding': acceptEncoding, 'if-none-match': etag! });
      expect(revalidated.status, acceptEncoding).toBe(304);
      expect(revalidated.body.length).toBe(0);
    }
    writeWebRoot(webRoot);
  });

  it('revalidates index.html every time: no-cache with an ETag, and 304 when it still matches', async () => {
    const first = await get(api.url, '/', { 'accept-encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    expect(first.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
    expect(decoded(first)).toBe(INDEX_HTML);
    const etag = first.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get(api.url, '/', { 'accept-encoding': 'br, gzip', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const changed = await get(api.url, '/', { 'if-none-match': '"another"' });
    expect(changed.status).toBe(200);
  });

  it('serves a file at the root of the build compressed and revalidated, and MSAL’s redirect page at /auth-end', async () => {
    const manifest = await get(api.url, '/manifest.webmanifest', { 'accept-encoding': 'gzip' });
    expect(manifest.headers['content-encoding']).toBe('gzip');
    expect(manifest.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
    expect(decoded(manifest)).toBe(MANIFEST);
    const authEnd = await get(api.url, '/auth-end');
    expect(authEnd.status).toBe(200);
    expect(authEnd.body.toString()).toContain('Signing in');
    expect(authEnd.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
    expect(authEnd.headers.etag).toBeTruthy();
  });

  it('serves the service worker as JavaScript, compressed, and never from a cache without asking: no-cache with an ETag', async () => {
    const worker = await get(api.url, '/service-worker.js', { 'accept-encoding': 'br, gzip' });
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(worker.headers['content-encoding']).toBe('br');
    expect(worker.headers['cache-control']).toBe(REVALIDATE_CACHE_CONTROL);
    expect(decoded(worker)).toBe(SERVICE_WORKER);
    const etag = worker.headers.etag;
    expect(etag).toBeTruthy();
    const again = await get(api.url, '/service-worker.js', { 'accept-encoding': 'br, gzip', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    // The web app manifest goes out with its own type, which browsers check.
    const manifest = await get(api.url, '/manifest.webmanifest');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('answers 404 for any source map, even one left in the build', async () => {
    for (const path of ['/assets/main-Ab12Cd34.js.map', '/main-Ab12Cd34.js.map', '/assets/gone.js.map', '/deep/link.map']) {
      const response = await get(api.url, path, { 'accept-encoding': 'br, gzip' });
      expect(response.status, path).toBe(404);
      expect(response.headers['content-type'], path).toMatch(/^application\/problem\+json/);
      expect(decoded(response), path).not.toContain('secret.ts');
    }
  });

  it('gives each of the app’s pages its index.html, any other page path the same page with a 404, and a missing asset or API route a 404 problem', async () => {
    for (const path of [...CLIENT_ROUTES, '/config', '/remove?x=1', '/privacy/', '/?view=week&date=2026-12-01']) {
      const response = await get(api.url, path);
      expect(response.status, path).toBe(200);
      expect(response.headers['content-type'], path).toMatch(/^text\/html/);
      expect(response.body.toString(), path).toBe(INDEX_HTML);
    }
    // Paths that climb out of the build name no file in it: they get the page too, never what lies outside.
    for (const path of ['/some/deep/link', '/calendar', '/assets', '/..%2fpackage.json', '/.env', '/privacy/x']) {
      const response = await get(api.url, path);
      expect(response.status, path).toBe(404);
      expect(response.headers['content-type'], path).toMatch(/^text\/html/);
      expect(response.body.toString(), path).toBe(INDEX_HTML);
    }
    for (const path of ['/assets/main-Zz99Zz99.js', '/api/nothing-here', '/assets/']) {
      const response = await get(api.url, path);
      expect(response.status, path).toBe(404);
      expect(response.headers['content-type'], path).toMatch(/^application\/problem\+json/);
    }
  });

  it('serves the whole build from wildcard routes rather than a route per file', () => {
    const routed = (url: string) => api.server.hasRoute({ method: 'GET', url });
    expect(routed('/assets/*')).toBe(true);
    expect(routed('/*')).toBe(true);
    for (const file of ['/assets/main-Ab12Cd34.js', '/assets/main-Ab12Cd34.js.map', '/manifest.webmanifest', '/index.html']) expect(routed(file), file).toBe(false);
  });

  it(`compresses API JSON of ${COMPRESS_MIN_BYTES} bytes or more, br before gzip, and sends smaller bodies as they are`, async () => {
    const token = await api.tokenFor('ada');
    const now = new Date();
    const window = `start=${new Date(now.getTime() - 30 * 86_400_000).toISOString()}&end=${new Date(now.getTime() + 30 * 86_400_000).toISOString()}`;
    const auth = { authorization: `Bearer ${token}` };
    const plain = await get(api.url, `/api/events?${window}`, auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    for (const [acceptEncoding, encoding] of [['gzip, deflate, br', 'br'], ['gzip', 'gzip']] as const) {
      const response = await get(api.url, `/api/events?${window}`, { ...auth, 'accept-encoding': acceptEncoding });
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.body.length).toBeLessThan(plain.body.length / 2);
      expect(JSON.parse(decoded(response))).toEqual(JSON.parse(plain.body.toString()));
    }
    const health = await get(api.url, '/api/health', { 'accept-encoding': 'br, gzip' });
    expect(health.status).toBe(200);
    expect(health.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('compresses a large problem+json too, and still reads plain JSON bodies only', async () => {
    const token = await api.tokenFor('ada');
    const calendars = JSON.parse((await get(api.url, '/api/calendars', { authorization: `Bearer ${token}` })).body.toString()) as { id: string }[];
    const unknown = Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`unknownField${index}`, index]));
    const refused = await api.request('POST', `/api/calendars/${calendars[0]!.id}/events`, {
      token,
      body: { title: 'x', start: '2027-01-01', ...unknown },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-encoding')).toBe('gzip');
    expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    // A gzip request body is not unpacked: the API takes plain JSON, as before compression was added.
    const zipped = await fetch(`${api.url}/api/calendars/${calendars[0]!.id}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ title: 'Zipped', start: '2027-01-01', allDay: true })),
    });
    expect(zipped.status).toBe(400);
  });
});
