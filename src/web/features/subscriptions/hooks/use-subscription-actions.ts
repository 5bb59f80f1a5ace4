import { useState, type RefObject } from 'react';
import { useIntl } from 'react-intl';
import type { CreatedSubscription, Subscription } from '../../../../shared/subscription-schema.ts';
import { useNotify } from '../../../components/notifications.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { SUBSCRIPTIONS_MESSAGES as M } from '../lib/subscriptions-messages.ts';
import { useCreateSubscription, type CreateSubscriptionInput } from '../requests/create-subscription.ts';
import { useRevokeSubscription } from '../requests/revoke-subscription.ts';

/** Making and revoking links, each with its toast; the link last made is kept to show, the only time it can be. */
export function useSubscriptionActions(createButton: RefObject<HTMLButtonElement | null>) {
  const intl = useIntl();
  const notify = useNotify();
  const createLink = useCreateSubscription();
  const revokeLink = useRevokeSubscription();
  const [created, setCreated] = useState<CreatedSubscription | null>(null);

  const create = (input: CreateSubscriptionInput) =>
    createLink.mutate(input, {
      onSuccess: (link) => {
        setCreated(link);
        notify.success(intl.formatMessage(M.created));
      },
      onError: (error) => notify.error(intl.formatMessage(M.createFailed), errorMessage(error, intl)),
    });

  const revoke = async (link: Subscription) => {
    try {
      await revokeLink.mutateAsync(link.id);
      notify.success(intl.formatMessage(M.revoked));
      setCreated((shown) => (shown?.id === link.id ? null : shown));
      // Its row is gone, and the confirmation's trigger with it.
      createButton.current?.focus();
    } catch (error) {
      notify.error(intl.formatMessage(M.revokeFailed), errorMessage(error, intl));
    }
  };

  return { created, creating: createLink.isPending, revoking: revokeLink.isPending, create, revoke };
}

export type SubscriptionActions = ReturnType<typeof useSubscriptionActions>;
