import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join, relative, resolve } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EAGER_ASSETS_MAX_BYTES, eagerAssetPaths, PRECOMPRESS_MIN_BYTES, PRECOMPRESSED_FILES, SOURCE_MAP_DIR } from '../../scripts/web-build-output.ts';
import { startServer, type AppServer } from './harness/server.ts';

// npm run test:e2e builds first; these read what that build left, then ask the real server for it.
const WEB_ROOT = resolve(import.meta.dirname, '../../dist/web');

function filesUnder(root: string): string[] {
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

function bytes(url: string, acceptEncoding: string): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((done, fail) => {
    const outgoing = request(url, { headers: { 'accept-encoding': acceptEncoding }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => done({ encoding: response.headers['content-encoding'], body: Buffer.concat(chunks) }));
    });
    outgoing.on('error', fail);
    outgoing.end();
  });
}

describe('the production build on the wire', () => {
  const files = filesUnder(WEB_ROOT);
  let app: AppServer;
  beforeAll(async () => {
    app = await startServer();
  });
  afterAll(() => app.stop());

  it(`leaves a .br and a .gz beside every text asset of ${PRECOMPRESS_MIN_BYTES} bytes or more, each smaller than it`, () => {
    const text = files.filter((file) => PRECOMPRESSED_FILES.test(file) && statSync(join(WEB_ROOT, file)).size >= PRECOMPRESS_MIN_BYTES);
    expect(text.length).toBeGreaterThan(5);
    for (const file of text) {
      const original = readFileSync(join(WEB_ROOT, file));
      const br = readFileSync(join(WEB_ROOT, `${file}.br`));
      const gz = readFileSync(join(WEB_ROOT, `${file}.gz`));
      expect(br.length, file).toBeLessThan(original.length);
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
    }
  });

  it('keeps every source map out of the served folder, and no bundle names one', () => {
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([]);
    const scripts = files.filter((file) => file.endsWith('.js'));
    for (const file of scripts) expect(readFileSync(join(WEB_ROOT, file), 'utf8'), file).not.toContain('sourceMappingURL');
    // The maps are still made, beside the build, for debugging a production stack trace.
    const maps = filesUnder(SOURCE_MAP_DIR);
    expect(maps.length).toBeGreaterThan(0);
    expect(maps.every((file) => file.endsWith('.map'))).toBe(true);
  });

  it(`keeps what index.html loads before the app runs (entry, modulepreloads, CSS) within ${EAGER_ASSETS_MAX_BYTES / 1000} kB brotli-compressed`, () => {
    const eager = eagerAssetPaths(readFileSync(join(WEB_ROOT, 'index.html'), 'utf8'));
    // The entry, the vendor chunks and the calendar's stylesheet at least: a parse that found none would prove nothing.
    expect(eager.filter((path) => path.endsWith('.js')).length).toBeGreaterThan(3);
    expect(eager.some((path) => path.endsWith('.css'))).toBe(true);
    const onTheWire = eager.map((path) => {
      const file = join(WEB_ROOT, path);
      return statSync(file).size >= PRECOMPRESS_MIN_BYTES ? statSync(`${file}.br`).size : statSync(file).size;
    });
    expect(onTheWire.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(EAGER_ASSETS_MAX_BYTES);
    // Lazy parts stay lazy: none of the event dialogs' code is preloaded.
    expect(eager.filter((path) => /dialog|schemas/.test(path))).toEqual([]);
  });

  it('sends the app’s eager scripts brotli-compressed to a browser that asks for br, and refuses their maps', async () => {
    // Uncompressed: index.html is itself sent br to a browser that asks, once it passes the precompression size.
    const html = (await bytes(`${app.baseUrl}/`, 'identity')).body.toString('utf8');
    const eager = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(eager.length).toBeGreaterThan(0);
    for (const path of eager) {
      const sent = await bytes(app.baseUrl + path, 'gzip, deflate, br, zstd');
      const onDisk = readFileSync(join(WEB_ROOT, path));
      expect(sent.encoding, path).toBe(onDisk.length >= PRECOMPRESS_MIN_BYTES ? 'br' : undefined);
      expect(sent.body.length, path).toBeLessThanOrEqual(onDisk.length);
      const map = await new Promise<number>((done) => request(`${app.baseUrl}${path}.map`, (response) => done(response.resume().statusCode ?? 0)).end());
      expect(map, path).toBe(404);
    }
  });

  it('serves the app’s icon at /favicon.ico (the 192 px icon, in an ICO file), and index.html names an SVG icon and an apple-touch-icon', async () => {
    const served = await fetch(`${app.baseUrl}/favicon.ico`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    const ico = Buffer.from(await served.arrayBuffer());
    // An ICO header for one image, whose data is the PNG itself.
    expect([ico.readUInt16LE(2), ico.readUInt16LE(4), ico.readUInt32LE(18)]).toEqual([1, 1, 22]);
    expect(ico.subarray(22).equals(readFileSync(join(WEB_ROOT, 'icon-192.png')))).toBe(true);
    const html = readFileSync(join(WEB_ROOT, 'index.html'), 'utf8');
    expect(html).toContain('<link rel="icon" href="/icon.svg" type="image/svg+xml" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icon-192.png" />');
    for (const icon of ['/icon.svg', '/icon-192.png']) expect((await fetch(app.baseUrl + icon)).status, icon).toBe(200);
  });
});
