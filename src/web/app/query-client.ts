import { QueryClient } from '@tanstack/react-query';
import { SignInError } from '../auth/sign-in-error.ts';
import { ApiError } from '../lib/api-client.ts';

const MAX_RETRIES = 2;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // A 4xx will not get better by asking again, nor a sign-in the user must act on; 429 and 5xx might.
        retry: (failureCount, error) =>
          failureCount < MAX_RETRIES &&
          !(error instanceof SignInError) &&
          !(error instanceof ApiError && error.status < 500 && error.status !== 429),
      },
    },
  });
}
