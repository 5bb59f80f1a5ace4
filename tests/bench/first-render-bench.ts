// The app's first calendar render in Chromium against a bare FullCalendar page with the same events inline.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { build } from 'vite';
import { EAGER_ASSETS_MAX_BYTES, eagerAssetPaths, PRECOMPRESS_MIN_BYTES } from '../../scripts/web-build-output.ts';
import { launchBrowser, newContext } from '../e2e/harness/browser.ts';
import { firstEventTimes, firstRenderMs } from '../e2e/harness/first-render.ts';
import { startServer, type AppServer } from '../e2e/harness/server.ts';
import { interleave, type Comparison } from './measure.ts';

const BARE_PAGE_SOURCE = join(import.meta.dirname, 'bare-calendar');
/** Where the bare page finds its events (main.tsx reads this element). */
const EVENTS_ELEMENT_ID = 'bench-events';
/** The development sign-in's choice of user, as the app keeps it in localStorage (dev-auth-provider.tsx). */
const DEV_USER_KEY = 'company-calendar:dev-user';
const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
export const BARE_PAGE_LIMIT = 'bare FullCalendar page (React, day grid, same theme, dayMaxEvents), events inline';

/** The bare page, built the way the app is built (Vite, production) into a temporary folder. */
async function buildBarePage(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'company-calendar-bare-page-'));
  await build({ root: BARE_PAGE_SOURCE, configFile: false, logLevel: 'warn', plugins: [react()], build: { outDir, emptyOutDir: true } });
  return outDir;
}

/** A plain static server for the built page; the page itself carries the events, so it renders with no request for them. */
async function serveBarePage(root: string, eventsJson: string) {
  const inline = `<script type="application/json" id="${EVENTS_ELEMENT_ID}">${eventsJson.replaceAll('<', '\\u003c')}</script>`;
  const index = readFileSync(join(root, 'index.html'), 'utf8').replace('</head>', `${inline}</head>`);
  const server = createServer((request, response) => {
    // URL parsing resolves dot segments, so the path stays inside root.
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    try {
      const body = path === '/' ? index : readFileSync(join(root, path));
      response.writeHead(200, { 'content-type': CONTENT_TYPES[extname(path)] ?? CONTENT_TYPES['.html']! }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * What a returning user's browser holds for the app: the storage one signed-in visit as this demo user leaves
 * (the remembered user, the kept client config). Contexts made with it start with an empty HTTP cache and no service
 * worker, as a cold visit does.
 */
async function returningUser(browser: Browser, baseUrl: string, userId: string): Promise<BrowserContextOptions> {
  const signedIn = { storageState: { cookies: [], origins: [{ origin: baseUrl, localStorage: [{ name: DEV_USER_KEY, value: JSON.stringify(userId) }] }] } };
  const context = await newContext(browser, baseUrl, signedIn);
  try {
    const page = await context.newPage();
    await page.goto('/');
    await firstRenderMs(page);
    return { storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

/** A pause after each visit, so that tearing its tab down does not run into the next one. */
const VISIT_SETTLE_MS = 250;
/** What a cold visit finds cleared: all the origin keeps but localStorage, where a returning user's sign-in lives. */
const COLD_STORAGE_TYPES = 'indexeddb,service_workers,cache_storage';

/**
 * Runs visits in cold tabs of a browser that is already running, as a reader meets the calendar: each a new tab of
 * one long-lived context, with the HTTP cache (and V8's code cache in it), service workers, Cache Storage and
 * IndexedDB cleared before it, and cleared again when it ends, so that nothing it started (a service worker's
 * precaching) runs on into the next visit. Each tab gets a renderer process of its own. Not a new window per visit:
 * new headless Chromium starts its top-chrome WebUI (the omnibox popup) in every new window, some 200 ms of CPU on
 * these two cores, which landed in whichever page painted first rather than in either page's own work.
 */
export function coldTabs(browser: Browser, url: string, options: BrowserContextOptions = {}) {
  let context: Promise<BrowserContext> | null = null;
  const origin = new URL(url).origin;
  return async <T>(visit: (page: Page) => Promise<T>): Promise<T> => {
    const page = await (await (context ??= newContext(browser, url, options))).newPage();
    const cdp = await page.context().newCDPSession(page);
    const clear = async () => {
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: COLD_STORAGE_TYPES });
    };
    try {
      await clear();
      return await visit(page);
    } finally {
      await clear();
      await page.close();
      // The tab's renderer exits and its storage goes: that work is not the next visit's.
      await new Promise((settle) => setTimeout(settle, VISIT_SETTLE_MS));
    }
  };
}

/**
 * The slow phone: Chrome DevTools' "Slow 4G" preset (Lighthouse's mobile round trip and bandwidth, with
 * DevTools' packet-level adjustments: latency × 3.75, throughput × 0.9), in bytes a second, and a CPU 4× slower.
 */
export const SLOW_PHONE = { latency: 562.5, downloadThroughput: 188_743, uploadThroughput: 86_400, cpuSlowdown: 4 } as const;

/** Slows a tab's network and CPU down to the slow phone's, before it navigates. */
async function asSlowPhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const { cpuSlowdown, ...network } = SLOW_PHONE;
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
}

/**
 * A first visit in a cold tab (see coldTabs), measured by the page's own clock from navigation to the first event's
 * paint; `mounted` gets each visit's time to the first event entering the page, in the same order. `slowPhone` slows
 * the tab's network and CPU down (SLOW_PHONE).
 */
export function firstVisit(browser: Browser, url: string, options: BrowserContextOptions = {}, mounted: number[] = [], slowPhone = false) {
  const inColdTab = coldTabs(browser, url, options);
  return () =>
    inColdTab(async (page) => {
      if (slowPhone) await asSlowPhone(page);
      await page.goto('/');
      const times = await firstEventTimes(page);
      mounted.push(times.mounted);
      return times.painted;
    });
}

const WEB_ROOT = resolve(import.meta.dirname, '../../dist/web');
const KB = 1000;
const EAGER_LIMIT = `target: ${EAGER_ASSETS_MAX_BYTES / KB} kB (EAGER_ASSETS_MAX_BYTES)`;

/** What index.html loads before the app runs, as the server sends it to a browser that takes br: in kB. */
function eagerBuildKb(): number {
  const paths = eagerAssetPaths(readFileSync(join(WEB_ROOT, 'index.html'), 'utf8'));
  const bytes = paths.map((path) => {
    const file = join(WEB_ROOT, path);
    return statSync(file).size >= PRECOMPRESS_MIN_BYTES ? statSync(`${file}.br`).size : statSync(file).size;
  });
  return bytes.reduce((sum, size) => sum + size, 0) / KB;
}

type WireKind = 'html' | 'js' | 'css' | 'api' | 'other';

function wireKind(url: string, type: string | undefined): WireKind {
  if (type === 'Document') return 'html';
  if (type === 'Script') return 'js';
  if (type === 'Stylesheet') return 'css';
  return new URL(url).pathname.startsWith('/api/') ? 'api' : 'other';
}

/**
 * The first load as Chromium received it (encoded bytes, headers included), up to the first events on screen: what
 * starts later, such as the dialogs fetched when idle, is not the first load. In kB by kind.
 */
async function firstLoadOnTheWire(browser: Browser, url: string, options: BrowserContextOptions): Promise<Record<WireKind, number>> {
  const context = await newContext(browser, url, options);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const requests = new Map<string, { kind: WireKind; sentAt: number; bytes: number }>();
    cdp.on('Network.requestWillBeSent', ({ requestId, request, type, wallTime }) =>
      requests.set(requestId, { kind: wireKind(request.url, type), sentAt: wallTime * 1000, bytes: 0 }),
    );
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
      const request = requests.get(requestId);
      if (request) request.bytes = encodedDataLength;
    });
    await cdp.send('Network.enable');
    await page.goto('/');
    await firstRenderMs(page);
    const shownAt = await page.evaluate(() => performance.timeOrigin + (performance.getEntriesByName('company-calendar:first-events')[0]?.startTime ?? NaN));
    const kb: Record<WireKind, number> = { html: 0, js: 0, css: 0, api: 0, other: 0 };
    for (const request of requests.values()) if (request.sentAt <= shownAt) kb[request.kind] += request.bytes / KB;
    return kb;
  } finally {
    await context.close();
  }
}

/** The eager code's weight, from the build and as Chromium received it, next to its target; the whole first load printed. */
async function benchFirstLoadBytes(browser: Browser, baseUrl: string, options: BrowserContextOptions): Promise<Comparison[]> {
  const wire = await firstLoadOnTheWire(browser, baseUrl, options);
  const total = Object.values(wire).reduce((sum, kb) => sum + kb, 0);
  console.log(
    `first load on the wire, compressed, up to the first events: ${total.toFixed(1)} kB = ` +
      (Object.entries(wire) as [WireKind, number][]).map(([kind, kb]) => `${kind} ${kb.toFixed(1)}`).join(' + '),
  );
  const row = (figure: string, kb: number): Comparison => ({ figure, limit: EAGER_LIMIT, unit: 'kB', ours: [kb], bare: [EAGER_ASSETS_MAX_BYTES / KB] });
  return [
    row('eager JS and CSS of the build, br (index.html: entry, modulepreloads, stylesheets)', eagerBuildKb()),
    row('first load on the wire in Chromium: JS and CSS (encoded, with headers)', wire.js + wire.css),
  ];
}

/** The events the signed-in app asks for on its first render: what the bare page shows too. */
async function appEvents(browser: Browser, baseUrl: string, options: BrowserContextOptions): Promise<string> {
  const context = await newContext(browser, baseUrl, options);
  const page = await context.newPage();
  const response = page.waitForResponse((candidate) => new URL(candidate.url()).pathname === '/api/events' && candidate.status() === 200);
  await page.goto('/');
  const events = await (await response).text();
  await context.close();
  return events;
}

/** What a browser bench compares: the app as Eddie returning, and the bare page serving the events it is given. */
export interface BrowserBenchStage {
  app: AppServer;
  browser: Browser;
  signedIn: BrowserContextOptions;
  /** Serves the built bare page with these events inline, until the bench ends; answers its address. */
  barePage(eventsJson: string): Promise<string>;
}

/** Starts the app, builds the bare page and launches Chromium at once, runs the bench, then stops them all. */
export async function withBrowserBench<T>(serverEnv: Record<string, string>, run: (stage: BrowserBenchStage) => Promise<T>): Promise<T> {
  const [app, builtPage, browser] = await Promise.all([startServer(serverEnv), buildBarePage(), launchBrowser()]);
  const bareServers: { close(): Promise<void> }[] = [];
  try {
    const barePage = async (eventsJson: string) => {
      const bare = await serveBarePage(builtPage, eventsJson);
      bareServers.push(bare);
      return bare.url;
    };
    return await run({ app, browser, signedIn: await returningUser(browser, app.baseUrl, 'eddie'), barePage });
  } finally {
    await Promise.all(bareServers.map((bare) => bare.close()));
    await browser.close();
    await app.stop();
    rmSync(builtPage, { recursive: true, force: true });
  }
}

/** Rounds of first visits run and thrown away before the measured ones. */
const FIRST_RENDER_WARMUP = 1;
/** Visits on the slow phone take seconds each, and differ by far more than the noise. */
const SLOW_PHONE_ROUNDS = 7;

export async function benchFirstRender(rounds: number): Promise<Comparison[]> {
  console.log('first render: the app as a returning user signed in through dev sign-in (its storage kept, a cold HTTP cache), and the bare page, each visit a cold tab of a running browser');
  return withBrowserBench({}, async ({ app, browser, signedIn, barePage }) => {
    const events = await appEvents(browser, app.baseUrl, signedIn);
    const bareUrl = await barePage(events);
    const shown = `Chromium, standalone, ${(JSON.parse(events) as unknown[]).length} events`;
    const mounted = { ours: [] as number[], bare: [] as number[] };
    const painted = await interleave({
      figure: `navigation to the first event painted (Element Timing), ${shown}`,
      limit: BARE_PAGE_LIMIT,
      rounds,
      warmup: FIRST_RENDER_WARMUP,
      ours: firstVisit(browser, app.baseUrl, signedIn, mounted.ours),
      bare: firstVisit(browser, bareUrl, {}, mounted.bare),
    });
    const inPage: Comparison = {
      figure: `navigation to the first event in the page (its mark, before layout and paint), ${shown}`,
      limit: BARE_PAGE_LIMIT,
      unit: 'ms',
      ours: mounted.ours.slice(FIRST_RENDER_WARMUP),
      bare: mounted.bare.slice(FIRST_RENDER_WARMUP),
    };
    // No target: the issue measured about 11 s to the first events on such a phone.
    const onSlowPhone = await interleave({
      figure: `navigation to the first event painted on a slow phone (Slow 4G, CPU ${SLOW_PHONE.cpuSlowdown}× slower), ${shown}`,
      limit: BARE_PAGE_LIMIT,
      rounds: SLOW_PHONE_ROUNDS,
      warmup: FIRST_RENDER_WARMUP,
      ours: firstVisit(browser, app.baseUrl, signedIn, [], true),
      bare: firstVisit(browser, bareUrl, {}, [], true),
    });
    return [painted, inPage, onSlowPhone, ...(await benchFirstLoadBytes(browser, app.baseUrl, signedIn))];
  });
}
