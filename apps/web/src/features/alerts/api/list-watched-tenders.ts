import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import { listWatchedTenders, unwatchTender } from '@solar/shared/contracts/routes';
import { api, apiFor } from '../../../lib/api-client';
import { alertKeys } from './keys';

export const useWatchedTenders = () =>
  useQuery({
    queryKey: alertKeys.watched,
    queryFn: async ({ client }) => (await apiFor(client).call(listWatchedTenders, {}, { fallback: M.fetchFailed })).data,
  });

export function useUnwatchTender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(unwatchTender, { params: { id } }, { fallback: M.watchFailed }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.watched }),
  });
}
