import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatedSubscription } from '../../../../shared/subscription-schema.ts';
import { useApiClient } from '../../../auth/use-api-client.ts';
import { SUBSCRIPTIONS_QUERY_KEY } from './get-subscriptions.ts';

export interface CreateSubscriptionInput {
  calendarId: string;
  /** Null for the whole calendar. */
  categoryId: string | null;
}

/** A new link to a calendar or one of its categories: the answer is the only one that carries it. */
export function useCreateSubscription() {
  const api = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ calendarId, categoryId }: CreateSubscriptionInput) =>
      (await api.request<CreatedSubscription>(`/calendars/${encodeURIComponent(calendarId)}/subscriptions`, { method: 'POST', body: categoryId ? { categoryId } : {} })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUBSCRIPTIONS_QUERY_KEY }),
  });
}
