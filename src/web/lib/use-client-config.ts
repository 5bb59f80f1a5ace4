import { useQuery } from '@tanstack/react-query';
import { takeArrivedClientConfig, takeClientConfig } from './get-client-config.ts';

// Apart from get-client-config.ts, which the first requests need before React has loaded (boot.ts).

export const CLIENT_CONFIG_QUERY_KEY = ['client-config'];

export function useClientConfig() {
  return useQuery({ queryKey: CLIENT_CONFIG_QUERY_KEY, queryFn: takeClientConfig, initialData: takeArrivedClientConfig, staleTime: Infinity });
}
