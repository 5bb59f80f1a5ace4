import { useQuery } from '@tanstack/react-query';
import type { AuthConfig, ProductionAuthConfig } from '../../shared/user.ts';
import { apiFetch } from '../lib/api-client.ts';

export async function getAuthConfig(): Promise<AuthConfig | ProductionAuthConfig> {
  return (await apiFetch<AuthConfig | ProductionAuthConfig>('/auth/config')).data;
}

export const AUTH_CONFIG_QUERY_KEY = ['auth-config'];

export function useAuthConfig() {
  return useQuery({ queryKey: AUTH_CONFIG_QUERY_KEY, queryFn: getAuthConfig, staleTime: Infinity });
}
