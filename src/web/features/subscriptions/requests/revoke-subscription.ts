import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { SUBSCRIPTIONS_QUERY_KEY } from './get-subscriptions.ts';

/** Revokes a link: its feed answers 404 from then on. */
export function useRevokeSubscription() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (subscriptionId: string) => {
      await api.request(`/subscriptions/${encodeURIComponent(subscriptionId)}`, { method: 'DELETE' });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY }),
  });
}
