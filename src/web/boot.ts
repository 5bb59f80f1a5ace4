// First: zod's settings hold before any module parses with it.
import '../shared/zod-config.ts';
import { resumeSession } from './auth/resume-session.ts';
import { loadTeamsSdk } from './host/teams-sdk.ts';
import { prefetchClientConfig } from './lib/get-client-config.ts';

// The entry runs this module before the app, and the build gives it (and what it imports) a chunk of its own: it runs
// before the big libraries evaluate, so the client config, a remembered session's token, its first screen's requests
// and, in a frame, teams-js are on their way while they do.

/** The client config, which index.html preloads. */
export const clientConfig = prefetchClientConfig();
resumeSession(clientConfig);
if (window.parent !== window) void loadTeamsSdk();
