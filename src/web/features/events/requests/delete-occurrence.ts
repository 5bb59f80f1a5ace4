import { useMutation } from '@tanstack/react-query';
import { useApiClient } from '../../../auth/use-api-client.ts';
import type { ApiClient } from '../../../lib/api-client.ts';
import { occurrencePath, type OccurrenceKey, type OccurrenceScope } from './update-occurrence.ts';

export interface DeleteOccurrenceInput extends OccurrenceKey {
  scope: OccurrenceScope;
  /** The series' version (If-Match). */
  version: number;
}

export async function deleteOccurrence(api: ApiClient, { scope, version, ...key }: DeleteOccurrenceInput): Promise<void> {
  await api.request(occurrencePath(key), { method: 'DELETE', ifMatch: version, query: new URLSearchParams({ scope }) });
}

export function useDeleteOccurrence() {
  const api = useApiClient();
  return useMutation({ mutationFn: (input: DeleteOccurrenceInput) => deleteOccurrence(api, input) });
}
