import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitingItem } from '@solar/shared/contracts/admin';
import { actOnWaitingRequest, listWaitingRequests } from '@solar/shared/contracts/routes';
import { api, apiFor } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const waitingQuery = (show: 'open' | 'all') =>
  queryOptions({
    queryKey: adminKeys.waiting(show),
    queryFn: async ({ client }) => (await apiFor(client).call(listWaitingRequests, { query: { show } })).data,
  });

export const useWaitingRequests = (show: 'open' | 'all') => useQuery(waitingQuery(show));

export function useActOnWaitingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ kind, refId, action }: { kind: WaitingItem['kind']; refId: string; action: 'forward' | 'close' | 'resolve' }) =>
      (await api.call(actOnWaitingRequest, { params: { kind, refId }, body: { action } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'waiting'] }),
  });
}
