import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataSourceId } from '@solar/shared/constants/data-sources';
import { listDataSources, runDataSource } from '@solar/shared/contracts/routes';
import { ADMIN_MESSAGES } from '@solar/shared/constants/admin';
import { api, apiFor } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** The Data sources tab (decision 0393); read again every 15 s while open, so a run's progress shows. */
export const dataSourcesQuery = () =>
  queryOptions({
    queryKey: adminKeys.dataSources,
    queryFn: async ({ client }) => (await apiFor(client).call(listDataSources, {})).data,
    refetchInterval: 15_000,
  });

export const useDataSources = () => useQuery(dataSourcesQuery());

export function useRunDataSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: DataSourceId) => (await api.call(runDataSource, { params: { id } }, { fallback: ADMIN_MESSAGES.runDataSourceFailed })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.dataSources }),
  });
}
