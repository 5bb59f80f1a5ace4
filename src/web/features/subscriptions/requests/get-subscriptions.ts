import { useQuery } from '@tanstack/react-query';
import type { Subscription } from '../../../../shared/subscription-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';

export const SUBSCRIPTIONS_QUERY_KEY = ['subscriptions'];

/** The signed-in person's subscription links; with all, every link of the organisation (administrators). */
export function useSubscriptions(all: boolean) {
  const api = useApiClient();
  return useQuery({
    queryKey: [...SUBSCRIPTIONS_QUERY_KEY, all ? 'all' : 'own'],
    queryFn: async () => (await api.request<Subscription[]>('/subscriptions', all ? { query: new URLSearchParams({ all: 'true' }) } : {})).data,
  });
}
