// The app, started by the entry (main.tsx) once its chunks are in: a build entry of its own, which index.html preloads.
import { clientConfig } from './boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { FIRST_LOAD_WAIT_MS, firstLoadSettled } from './lib/first-load.ts';
import { registerServiceWorker } from './lib/register-service-worker.ts';
import { keepTabsterSentinelsOutOfTabOrder } from './lib/tabster-sentinels.ts';

registerServiceWorker();
// Before Fluent first renders, so tabster's focus sentinels are watched from the first.
keepTabsterSentinelsOutOfTabOrder();

// Without its config the app shows only "Loading…", and the preloaded config is usually here by now: React's first
// render waits for it, and for a remembered session's first screen too (a bounded while), and then draws the
// calendar with them in one go.
await clientConfig.catch(() => undefined);
await firstLoadSettled(FIRST_LOAD_WAIT_MS);
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
