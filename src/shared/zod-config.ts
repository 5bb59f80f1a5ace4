import { z } from 'zod';

// Without this, zod's first object parse probes `new Function('')` to decide on its compiled fast path. The web
// app's CSP has no 'unsafe-eval', so the browser blocks the probe and reports it as a violation on every page
// load. Imported first by the web app's entry, so that it runs before any schema parses.
z.config({ jitless: true });
