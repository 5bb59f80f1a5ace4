import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startServer, type AppServer } from './server.ts';

/** The app's server and a Chromium, both running while a test file's tests run. */
export interface AppAndBrowser {
  server: AppServer;
  browser: Browser;
}

/**
 * Starts the real server and Chromium before the file's tests and stops both after them: the set-up most browser test
 * files share. The fields are filled in once the file's tests start.
 */
export function useAppAndBrowser(): AppAndBrowser {
  const app = {} as AppAndBrowser;
  beforeAll(async () => {
    app.server = await startServer();
    app.browser = await launchBrowser();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}
