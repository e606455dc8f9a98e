import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getUnsubscribe, unsubscribe } from '@solar/shared/contracts/routes';
import { api, apiFor } from '../../../lib/api-client';
import { alertKeys } from './keys';

/** What a signed unsubscribe link stops (decision 0474); no sign-in. */
export const useUnsubscribeTarget = (token: string) =>
  useQuery({
    queryKey: alertKeys.unsubscribe(token),
    queryFn: async ({ client }) => (await apiFor(client).call(getUnsubscribe, { query: { token } })).data,
    enabled: token !== '',
    retry: false,
  });

export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(unsubscribe, { query: { token }, body: {} })).data,
    onSuccess: (data) => client.setQueryData(alertKeys.unsubscribe(token), data),
  });
}
