import type { QueryClient } from '@tanstack/react-query';
import { HOST_QUERY_KEY } from '../host/host-context.tsx';
import { discardFirstLoad } from '../lib/first-load.ts';
import { CLIENT_CONFIG_QUERY_KEY } from '../lib/use-client-config.ts';
import { forgetSignedInUser } from '../lib/offline-copy.ts';

const APP_WIDE_QUERIES = new Set([CLIENT_CONFIG_QUERY_KEY[0], HOST_QUERY_KEY[0]]);

/**
 * On sign-out nothing of the user's data may outlive the session, their offline copy included; only the app-wide
 * queries stay.
 */
export function removeUserQueries(queryClient: QueryClient): void {
  discardFirstLoad();
  forgetSignedInUser();
  queryClient.removeQueries({ predicate: (query) => !APP_WIDE_QUERIES.has(String(query.queryKey[0])) });
}
