import { queryOptions, useQuery } from '@tanstack/react-query';
import { getAdminAnalytics } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const adminAnalyticsQuery = (days: number) =>
  queryOptions({
    queryKey: adminKeys.analytics(days),
    queryFn: async ({ client }) => (await apiFor(client).call(getAdminAnalytics, { query: { days } })).data,
  });

export const useAdminAnalytics = (days: number) => useQuery(adminAnalyticsQuery(days));
