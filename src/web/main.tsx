// First: zod's settings hold before any module parses with it.
import '../shared/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { resumeSession } from './auth/resume-session.ts';
import { loadTeamsSdk } from './host/teams-sdk.ts';
import { prefetchClientConfig } from './lib/get-client-config.ts';
import { registerServiceWorker } from './lib/register-service-worker.ts';

// What every page needs first starts now, while React renders: the client config, teams-js in a frame, and a
// remembered session's token and first screen.
resumeSession(prefetchClientConfig());
if (window.parent !== window) void loadTeamsSdk();
registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
