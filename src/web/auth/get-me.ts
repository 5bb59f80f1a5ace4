import { useQuery } from '@tanstack/react-query';
import type { Me } from '../../shared/user.ts';
import type { ApiClient } from '../lib/api-client.ts';

export async function getMe(api: ApiClient): Promise<Me> {
  return (await api.request<Me>('/me')).data;
}

/** The signed-in user; sessionKey tells sessions apart so one user's profile never shows for another. */
export function useMe(api: ApiClient, sessionKey: string) {
  return useQuery({ queryKey: ['me', sessionKey], queryFn: () => getMe(api), staleTime: Infinity });
}
