// First: zod's settings hold before any module parses with it.
import '../shared/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { resumeSession } from './auth/resume-session.ts';
import { loadTeamsSdk } from './host/teams-sdk.ts';
import { FIRST_LOAD_WAIT_MS, firstLoadSettled } from './lib/first-load.ts';
import { prefetchClientConfig } from './lib/get-client-config.ts';
import { registerServiceWorker } from './lib/register-service-worker.ts';

// What every page needs first starts now: the client config (which index.html preloads), teams-js in a frame, and a
// remembered session's token and first screen.
const clientConfig = prefetchClientConfig();
resumeSession(clientConfig);
if (window.parent !== window) void loadTeamsSdk();
registerServiceWorker();

// Without its config the app shows only "Loading…", and the preloaded config is usually here by now: React's first
// render waits for it, so that a remembered session's token request leaves first instead of after that render. It
// waits for the first screen's answers too (a bounded while), and then draws the calendar with them in one go.
await clientConfig.catch(() => undefined);
await firstLoadSettled(FIRST_LOAD_WAIT_MS);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
