import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getMyTenders, updateTenderAlerts } from '@solar/shared/contracts/routes';
import { api, apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** The dashboard Tenders tab (decision 0180). */
export const myTendersOptions = queryOptions({
  queryKey: tenderKeys.mine,
  queryFn: async ({ client }) => (await apiFor(client).call(getMyTenders)).data,
});

export const useMyTenders = () => useQuery(myTendersOptions);

export function useUpdateTenderAlerts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => api.call(updateTenderAlerts, { body: { enabled } }),
    onSuccess: () => client.invalidateQueries({ queryKey: tenderKeys.mine }),
  });
}
