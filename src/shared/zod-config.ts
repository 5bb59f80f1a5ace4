import type { core } from 'zod';

// Without this, zod's first object schema probes `new Function('')` to decide on its compiled fast path. The web
// app's CSP has no 'unsafe-eval', so the browser blocks the probe and reports it as a violation on every page
// load. Imported first by the web app's entry, so that it holds before any schema is built.
//
// zod keeps its one config on globalThis (zod/v4/core's globalConfig, shared by every copy of zod loaded) and takes
// the object found there. Set there rather than through z.config(), it costs the first screen none of zod's code,
// which only the lazily loaded forms use. tests/security/csp-jitless.browser.test.ts proves zod reads it.
const zodGlobal = globalThis as { __zod_globalConfig?: core.$ZodConfig };
(zodGlobal.__zod_globalConfig ??= {}).jitless = true;
