import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

/**
 * The service worker keeps the app's shell, and nothing else: the built HTML, scripts and styles, precached by
 * Workbox from the list the build injects. It never sees an API answer or a token: /api requests have no route here
 * and go to the network untouched. Each user's offline copy lives in the page (lib/offline-copy.ts), under their
 * own key, and goes when they sign out.
 */

declare const self: { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** How long a page load waits for the server before it starts from the stored shell instead: a slow phone's wait. */
const SHELL_NETWORK_TIMEOUT_SECONDS = 3;

const SHELL = '/index.html';

// Pages come from the network first, so an online user always gets the deployed index.html (and its headers); the
// stored shell answers only when the server cannot be reached. Not the API, not MSAL's own redirect page, and not a
// subscription feed opened in the browser (its answer is the calendar file, never the app).
registerRoute(
  new NavigationRoute(new NetworkOnly({ networkTimeoutSeconds: SHELL_NETWORK_TIMEOUT_SECONDS }), { denylist: [/^\/api\//, /^\/auth-end/, /^\/ics\//] }),
);
setCatchHandler(async ({ request }) => (request.mode === 'navigate' ? ((await matchPrecache(SHELL)) ?? Response.error()) : Response.error()));

// Registered after the navigation route, which must see page loads first; hashed files are served from here.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
