import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WaitingItem } from '@solar/shared/contracts/admin';
import { getJson, sendJson, toQueryString } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const waitingQuery = (show: 'open' | 'all') =>
  queryOptions({
    queryKey: adminKeys.waiting(show),
    queryFn: () => getJson<{ success: true; data: WaitingItem[] }>(`/api/admin/waiting${toQueryString({ show })}`).then((b) => b.data),
  });

export const useWaitingRequests = (show: 'open' | 'all') => useQuery(waitingQuery(show));

export function useActOnWaitingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, refId, action }: { kind: WaitingItem['kind']; refId: string; action: 'forward' | 'close' | 'resolve' }) =>
      sendJson<{ success: true; data: WaitingItem }>('POST', `/api/admin/waiting/${kind}/${encodeURIComponent(refId)}`, { action }).then((b) => b.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'waiting'] }),
  });
}
