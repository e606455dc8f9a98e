import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import { getTenderWatch, unwatchTender, watchTender } from '@solar/shared/contracts/routes';
import { api, apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** Whether the signed-in caller watches this tender (decision 0473); visitors watch nothing. */
export const useTenderWatch = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: tenderKeys.watch(id),
    queryFn: async ({ client }) => (await apiFor(client).call(getTenderWatch, { params: { id } })).data.watching,
    enabled,
  });

export function useToggleWatch(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (watching: boolean) =>
      (await (watching ? api.call(watchTender, { params: { id } }, { fallback: M.watchFailed }) : api.call(unwatchTender, { params: { id } }, { fallback: M.watchFailed }))).data.watching,
    onSuccess: (watching) => {
      client.setQueryData(tenderKeys.watch(id), watching);
      return client.invalidateQueries({ queryKey: ['alerts', 'watched'] });
    },
  });
}
