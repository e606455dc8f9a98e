import { useQuery } from '@tanstack/react-query';
import { getTenderResponsePrices } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** A response's priced schedule: its responder's own at any time (decision 0521). */
export const useTenderResponsePrices = (id: string, responseId: string | undefined) =>
  useQuery({
    queryKey: tenderKeys.responsePrices(id, responseId ?? ''),
    queryFn: async ({ client }) => (await apiFor(client).call(getTenderResponsePrices, { params: { id, responseId: responseId! } })).data,
    enabled: !!responseId,
  });
