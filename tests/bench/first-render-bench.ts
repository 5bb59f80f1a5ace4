// The app's first calendar render in Chromium against a bare FullCalendar page with the same events inline.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import type { Browser, BrowserContextOptions } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser, newContext } from '../e2e/harness/browser.ts';
import { firstRenderMs } from '../e2e/harness/first-render.ts';
import { startServer } from '../e2e/harness/server.ts';
import { interleave, type Comparison } from './measure.ts';

const BARE_PAGE_SOURCE = join(import.meta.dirname, 'bare-calendar');
/** Where the bare page finds its events (main.tsx reads this element). */
const EVENTS_ELEMENT_ID = 'bench-events';
/** The development sign-in's choice of user, as the app keeps it in localStorage (dev-auth-provider.tsx). */
const DEV_USER_KEY = 'company-calendar:dev-user';
const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
const LIMIT = 'bare FullCalendar page (React, day grid, same theme), events inline';

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

/** A first visit in a fresh context (empty cache), measured by the page's own clock from navigation to the first events. */
function firstVisit(browser: Browser, url: string, options: BrowserContextOptions = {}) {
  return async () => {
    const context = await newContext(browser, url, options);
    try {
      const page = await context.newPage();
      await page.goto('/');
      return await firstRenderMs(page);
    } finally {
      await context.close();
    }
  };
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

export async function benchFirstRender(rounds: number): Promise<Comparison[]> {
  console.log('first render: the app signed in through dev sign-in, and the bare page, each in a fresh Chromium context');
  const [app, builtPage, browser] = await Promise.all([startServer(), buildBarePage(), launchBrowser()]);
  try {
    const signedIn: BrowserContextOptions = {
      storageState: { cookies: [], origins: [{ origin: app.baseUrl, localStorage: [{ name: DEV_USER_KEY, value: JSON.stringify('eddie') }] }] },
    };
    const events = await appEvents(browser, app.baseUrl, signedIn);
    const bare = await serveBarePage(builtPage, events);
    try {
      const comparison = await interleave({
        figure: `first calendar render, Chromium, standalone, ${(JSON.parse(events) as unknown[]).length} events`,
        limit: LIMIT,
        rounds,
        warmup: 1,
        ours: firstVisit(browser, app.baseUrl, signedIn),
        bare: firstVisit(browser, bare.url),
      });
      return [comparison];
    } finally {
      await bare.close();
    }
  } finally {
    await browser.close();
    await app.stop();
    rmSync(builtPage, { recursive: true, force: true });
  }
}
