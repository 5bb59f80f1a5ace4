// First: zod's settings hold before any module parses with it.
import '../shared/zod-config.ts';
import { resumeSession } from './auth/resume-session.ts';
import { prefetchClientConfig } from './lib/get-client-config.ts';

// The entry imports this module first, and the build gives it (and what it imports) a chunk of its own: it runs before
// the big libraries evaluate, so the client config, a remembered session's token and its first screen's requests are
// on their way while they do.

/** The client config, which index.html preloads. */
export const clientConfig = prefetchClientConfig();
resumeSession(clientConfig);
