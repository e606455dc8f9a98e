import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAdminUsers } from '@solar/shared/contracts/routes';
import { ADMIN_MESSAGES } from '@solar/shared/constants/admin';
import { apiFor } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const adminUsersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(q, page),
    queryFn: ({ client }) => apiFor(client).call(listAdminUsers, { query: { q, page } }, { fallback: ADMIN_MESSAGES.fetchUsersFailed }),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (q: string, page: number) => useQuery(adminUsersQuery(q, page));
