import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAIL_MESSAGES, type OutboxView } from '@solar/shared/constants/mail';
import { listAdminMail, retryAdminMail } from '@solar/shared/contracts/routes';
import { api, apiFor } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The Mail tab (decision 0470); read again every 15 s while open, so retries show. */
export const adminMailQuery = (show: OutboxView) =>
  queryOptions({
    queryKey: adminKeys.mail(show),
    queryFn: async ({ client }) => (await apiFor(client).call(listAdminMail, { query: { show } }, { fallback: MAIL_MESSAGES.fetchFailed })).data,
    refetchInterval: 15_000,
  });

export const useAdminMail = (show: OutboxView) => useQuery(adminMailQuery(show));

export function useRetryAdminMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.call(retryAdminMail, { params: { id } }, { fallback: MAIL_MESSAGES.retryFailed })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'mail'] }),
  });
}
