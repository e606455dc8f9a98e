import { useQuery } from '@tanstack/react-query';
import { listTenderResponses } from '@solar/shared/contracts/routes';
import { apiFor, type ApiOutput } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export type TenderResponses = ApiOutput<typeof listTenderResponses>['data'];
export type SealedResponses = NonNullable<ApiOutput<typeof listTenderResponses>['sealed']>;

/**
 * Responses side by side: the owner and admins only (404 to anyone else). Before the closing time
 * (by the server's clock) `sealed` says how many arrived and when, and `responses` is empty (decision 0512).
 */
export const useTenderResponses = (id: string, enabled = true) =>
  useQuery({
    queryKey: tenderKeys.responses(id),
    queryFn: async ({ client }) => {
      const answer = await apiFor(client).call(listTenderResponses, { params: { id } });
      return { responses: answer.data, sealed: answer.sealed };
    },
    enabled,
  });
