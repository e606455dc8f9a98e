import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import type { UpdateSavedSearchInput } from '@solar/shared/contracts/alerts';
import { deleteSavedSearch, listSavedSearches, listSavedSearchMatches, updateSavedSearch } from '@solar/shared/contracts/routes';
import { api, apiFor } from '../../../lib/api-client';
import { alertKeys } from './keys';

export const savedSearchesQuery = queryOptions({
  queryKey: alertKeys.searches,
  queryFn: async ({ client }) => (await apiFor(client).call(listSavedSearches, {}, { fallback: M.fetchFailed })).data,
});
export const useSavedSearches = () => useQuery(savedSearchesQuery);

/** A search's last matches, read when its list is opened. */
export const useSavedSearchMatches = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: alertKeys.matches(id),
    queryFn: async ({ client }) => (await apiFor(client).call(listSavedSearchMatches, { params: { id } }, { fallback: M.fetchFailed })).data,
    enabled,
  });

export function useUpdateSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateSavedSearchInput }) => (await api.call(updateSavedSearch, { params: { id }, body }, { fallback: M.updateFailed })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.searches }),
  });
}

export function useDeleteSavedSearch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(deleteSavedSearch, { params: { id } }, { fallback: M.deleteFailed }),
    onSuccess: () => client.invalidateQueries({ queryKey: alertKeys.searches }),
  });
}
