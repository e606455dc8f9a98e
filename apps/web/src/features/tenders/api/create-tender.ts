import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTenderBody, Tender } from '@solar/shared/contracts/tenders';
import { sendJson } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export type CreatedTender = Tender & { waitingListProviders: number };

/** `POST /api/tenders` (docs/product/tenders.md#calls). The owner is the session's user; no userId is sent. */
export function useCreateTender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTenderBody) => (await sendJson<{ success: true; data: CreatedTender }>('POST', '/api/tenders', body)).data,
    onSuccess: () => client.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
