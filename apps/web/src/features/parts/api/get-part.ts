import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Part } from '@solar/shared/contracts/parts';
import { ApiError, getJson } from '../../../lib/api-client';
import { partKeys } from './keys';

/** `GET /api/parts/:id`: one catalogue product (the page each answer cites). A 404 is not retried. */
export const partQuery = (id: string) =>
  queryOptions({
    queryKey: partKeys.detail(id),
    queryFn: async () => (await getJson<{ success: true; data: Part }>(`/api/parts/${encodeURIComponent(id)}`)).data,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });

export const usePart = (id: string) => useQuery(partQuery(id));
