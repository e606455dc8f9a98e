import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tender } from '@solar/shared/contracts/tenders';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/tenders (docs/product/admin.md#calls): every tender, for the admin dashboard's Tenders tab. */
export const adminTendersQuery = queryOptions({
  queryKey: adminKeys.tenders,
  queryFn: () => getJson<{ success: true; data: Tender[] }>('/api/tenders').then((b) => b.data),
});

export const useAdminTenders = () => useQuery(adminTendersQuery);
