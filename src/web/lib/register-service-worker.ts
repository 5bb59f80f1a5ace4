import { offlineCopiesPersist } from './offline-copy.ts';

/** The service worker the build makes from src/web/service-worker.ts, at the root so that it serves every page. */
export const SERVICE_WORKER_URL = '/service-worker.js';

/**
 * Registers the service worker that keeps the app's shell for reading offline: in production builds (Vite's dev
 * server has no built shell), and only where the user's offline copy persists, a top-level window. Not in a Teams or
 * SharePoint frame: the host owns the session there and is itself no use offline, and a worker registered from a
 * third-party frame would live in the host's partitioned storage, outside anyone's sign-out.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !offlineCopiesPersist()) return;
  // After the page has loaded: precaching the shell must not compete with the first screen's requests.
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
