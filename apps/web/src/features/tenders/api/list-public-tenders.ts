import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Tender } from '@solar/shared/contracts/tenders';
import { getJson, toQueryString } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export interface PublicTendersParams {
  service?: string;
  location?: string;
  lat?: string;
  lng?: string;
  radius?: string;
  source?: string;
  status?: string;
  minValue?: string;
  maxValue?: string;
  sortBy?: string;
  sortOrder?: string;
  page: number;
  limit: number;
}

export interface PublicTendersResponse {
  data: Tender[];
  pagination: { page: number; pages: number; total: number; limit: number };
}

/** `GET /api/tenders/public`: filtered, sorted and paginated on the server (docs/product/tenders.md#calls). */
export const publicTendersQueryOptions = (params: PublicTendersParams) =>
  queryOptions({
    queryKey: tenderKeys.publicList({ ...params }),
    queryFn: () => getJson<PublicTendersResponse>(`/api/tenders/public${toQueryString({ ...params })}`),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const usePublicTenders = (params: PublicTendersParams) => useQuery(publicTendersQueryOptions(params));
