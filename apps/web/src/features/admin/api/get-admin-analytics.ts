import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AnalyticsSummary } from '@solar/shared/contracts/admin';
import { getJson, toQueryString } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const adminAnalyticsQuery = (days: number) =>
  queryOptions({
    queryKey: adminKeys.analytics(days),
    queryFn: () => getJson<{ success: true; data: AnalyticsSummary }>(`/api/admin/analytics${toQueryString({ days })}`).then((b) => b.data),
  });

export const useAdminAnalytics = (days: number) => useQuery(adminAnalyticsQuery(days));
