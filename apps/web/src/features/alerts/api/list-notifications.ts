import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_MESSAGES as M, NOTIFICATIONS_POLL_MS } from '@solar/shared/constants/alerts';
import { getUnreadNotifications, listNotifications, markNotificationsRead } from '@solar/shared/contracts/routes';
import { api, apiFor } from '../../../lib/api-client';
import { alertKeys } from './keys';

/** The bell's count: asked every minute and when the window regains focus (decision 0473). */
export const useUnreadNotifications = (enabled: boolean) =>
  useQuery({
    queryKey: alertKeys.unread,
    queryFn: async ({ client }) => (await apiFor(client).call(getUnreadNotifications, {})).data.unread,
    enabled,
    refetchInterval: NOTIFICATIONS_POLL_MS,
    refetchOnWindowFocus: true,
  });

export const notificationsQuery = queryOptions({
  queryKey: alertKeys.notifications,
  queryFn: async ({ client }) => (await apiFor(client).call(listNotifications, {}, { fallback: M.notificationsFailed })).data,
});
export const useNotifications = (enabled: boolean) => useQuery({ ...notificationsQuery, enabled });

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { ids?: string[]; all?: boolean }) => (await api.call(markNotificationsRead, { body })).data.unread,
    onSuccess: (unread) => {
      client.setQueryData(alertKeys.unread, unread);
      return client.invalidateQueries({ queryKey: alertKeys.notifications });
    },
  });
}
