import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@solar/shared/contracts/admin';
import { getJson, toQueryString } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const auditLogQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: () =>
      getJson<{ success: true; data: AuditEntry[]; pagination: { page: number; pages: number; total: number } }>(`/api/admin/audit-log${toQueryString({ page })}`),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number) => useQuery(auditLogQuery(page));
