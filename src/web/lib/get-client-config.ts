import { useQuery } from '@tanstack/react-query';
import type { ClientConfig } from '../../shared/user.ts';
import { apiFetch } from './api-client.ts';

export async function getClientConfig(): Promise<ClientConfig> {
  return (await apiFetch<ClientConfig>('/client-config')).data;
}

export const CLIENT_CONFIG_QUERY_KEY = ['client-config'];

export function useClientConfig() {
  return useQuery({ queryKey: CLIENT_CONFIG_QUERY_KEY, queryFn: getClientConfig, staleTime: Infinity });
}
