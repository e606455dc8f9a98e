import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUser } from '@solar/shared/contracts/admin';
import { getJson, toQueryString } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface AdminUserList {
  data: AdminUser[];
  pagination: { page: number; pages: number; total: number; pageSize: number };
}

export const adminUsersQuery = (q: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.users(q, page),
    queryFn: () => getJson<AdminUserList>(`/api/admin/users${toQueryString({ q, page })}`),
    placeholderData: keepPreviousData,
  });

export const useAdminUsers = (q: string, page: number) => useQuery(adminUsersQuery(q, page));
