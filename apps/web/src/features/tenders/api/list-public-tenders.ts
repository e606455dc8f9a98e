import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listPublicTenders } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import type { TenderBoardQuery } from '../state/tender-board-filters';
import { tenderKeys } from './keys';

/** The public tender board: filtered, sorted and paginated on the server (docs/product/tenders.md#calls). */
export const publicTendersQueryOptions = (query: TenderBoardQuery) =>
  queryOptions({
    queryKey: tenderKeys.publicList(query),
    queryFn: ({ client }) => apiFor(client).call(listPublicTenders, { query }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const usePublicTenders = (query: TenderBoardQuery) => useQuery(publicTendersQueryOptions(query));
