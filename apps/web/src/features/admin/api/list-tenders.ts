import { queryOptions, useQuery } from '@tanstack/react-query';
import { listTenders } from '@solar/shared/contracts/routes';
import { ADMIN_MESSAGES } from '@solar/shared/constants/admin';
import { apiFor } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Every tender (docs/product/admin.md#calls), for the admin dashboard's Tenders tab. */
export const adminTendersQuery = queryOptions({
  queryKey: adminKeys.tenders,
  queryFn: async ({ client }) => (await apiFor(client).call(listTenders, undefined, { fallback: ADMIN_MESSAGES.fetchTendersFailed })).data,
});

export const useAdminTenders = () => useQuery(adminTendersQuery);
