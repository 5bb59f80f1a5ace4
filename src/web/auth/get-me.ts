import { useQuery } from '@tanstack/react-query';
import type { Me } from '../../shared/user.ts';
import type { ApiClient, GetAccessToken } from '../lib/api-client.ts';
import { startFirstLoad, takeArrivedFirstLoadMe, takeFirstLoadMe, type FirstView } from '../lib/first-load.ts';
import { offlineMe, rememberSignedInUser } from '../lib/offline-copy.ts';
import { orOfflineCopy } from '../lib/offline-status.ts';

export async function getMe(api: ApiClient): Promise<Me> {
  return (await api.request<Me>('/me')).data;
}

/**
 * The signed-in user; sessionKey tells sessions apart so one user's profile never shows for another. Asking for it
 * starts the first screen's other requests beside it (unless resumeSession has), and takes the profile from them.
 */
export function useMe({ api, getAccessToken }: { api: ApiClient; getAccessToken: GetAccessToken }, sessionKey: string, view: FirstView) {
  return useQuery({
    queryKey: ['me', sessionKey],
    queryFn: async () => {
      startFirstLoad(getAccessToken, view);
      // A failed preload fails the query as its own request would have, and a retry asks afresh. Offline: the profile
      // kept for this very session, if any; the app then reads the rest of its copy.
      return orOfflineCopy(async () => {
        const me = await (takeFirstLoadMe(getAccessToken) ?? getMe(api));
        rememberSignedInUser(sessionKey, me);
        return me;
      }, () => offlineMe(sessionKey), 'other');
    },
    // Preloaded and in already: the first render shows the app, not "Signing in…".
    initialData: () => {
      const me = takeArrivedFirstLoadMe(getAccessToken);
      if (me) rememberSignedInUser(sessionKey, me);
      return me;
    },
    staleTime: Infinity,
  });
}
