import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyTenders } from '@solar/shared/contracts/tenders';
import { getJson, sendJson } from '../../../lib/api-client';
import { tenderKeys } from './keys';

const mineKey = [...tenderKeys.all, 'mine'] as const;

/** The dashboard Tenders tab (decision 0180). */
export const useMyTenders = () =>
  useQuery({ queryKey: mineKey, queryFn: async () => (await getJson<{ success: true; data: MyTenders }>('/api/tenders/mine')).data });

export function useUpdateTenderAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => sendJson<{ success: true; data: { enabled: boolean } }>('PUT', '/api/tenders/alerts', { enabled }),
    onSuccess: () => client.invalidateQueries({ queryKey: mineKey }),
  });
}
