import { useMemo } from 'react';
import { createApiClient, type ApiClient } from '../lib/api-client.ts';
import { useAuth } from './auth-context.ts';

/** The API client for the signed-in user. */
export function useApiClient(): ApiClient {
  const { getAccessToken } = useAuth();
  return useMemo(() => createApiClient(getAccessToken), [getAccessToken]);
}
