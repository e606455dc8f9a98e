import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listAuditLog } from '@solar/shared/contracts/routes';
import { ADMIN_MESSAGES } from '@solar/shared/constants/admin';
import { apiFor } from '../../../lib/api-client';
import { adminKeys } from './keys';

export const auditLogQuery = (page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(page),
    queryFn: ({ client }) => apiFor(client).call(listAuditLog, { query: { page } }, { fallback: ADMIN_MESSAGES.fetchAuditFailed }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number) => useQuery(auditLogQuery(page));
