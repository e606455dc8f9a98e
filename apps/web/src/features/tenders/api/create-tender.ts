import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateTenderBody } from '@solar/shared/contracts/tenders';
import { createTender } from '@solar/shared/contracts/routes';
import { api, type ApiOutput } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export type CreatedTender = ApiOutput<typeof createTender>['data'];

/** Launches a tender (docs/product/tenders.md#calls). The owner is the session's user; no userId is sent. */
export function useCreateTender() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateTenderBody) => (await api.call(createTender, { body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: tenderKeys.all }),
  });
}
