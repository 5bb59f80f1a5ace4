import { FIRST_EVENTS_MARK } from './first-load.ts';
import { offlineCopiesPersist } from './offline-copy.ts';

/** The service worker the build makes from src/web/service-worker.ts, at the root so that it serves every page. */
export const SERVICE_WORKER_URL = '/service-worker.js';
/** A page that shows no calendar (the sign-in screen, settings) registers this long after it has loaded. */
const REGISTER_WITHOUT_CALENDAR_MS = 10_000;

/** Runs `then` once the calendar has shown its first events, or REGISTER_WITHOUT_CALENDAR_MS after this call. */
function afterFirstEvents(then: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    observer.disconnect();
    clearTimeout(timer);
    then();
  };
  const observer = new PerformanceObserver((marks) => {
    if (marks.getEntriesByName(FIRST_EVENTS_MARK).length > 0) once();
  });
  observer.observe({ type: 'mark', buffered: true });
  const timer = setTimeout(once, REGISTER_WITHOUT_CALENDAR_MS);
}

/**
 * Registers the service worker that keeps the app's shell for reading offline: in production builds (Vite's dev
 * server has no built shell), and only where the user's offline copy persists, a top-level window. Not in a Teams or
 * SharePoint frame: the host owns the session there and is itself no use offline, and a worker registered from a
 * third-party frame would live in the host's partitioned storage, outside anyone's sign-out.
 * Only once the first events show: precaching the shell must not compete with the first screen's requests on a slow
 * network.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !offlineCopiesPersist()) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => undefined);
  const start = () => afterFirstEvents(register);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
