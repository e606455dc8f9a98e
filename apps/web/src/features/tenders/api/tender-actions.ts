import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TenderSaveKind } from '@solar/shared/contracts/tenders';
import { contactTenderOwner, listSavedTenders, saveTender, unsaveTender } from '@solar/shared/contracts/routes';
import { api, apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export const savedTendersOptions = queryOptions({
  queryKey: tenderKeys.saved,
  queryFn: async ({ client }) => (await apiFor(client).call(listSavedTenders)).data,
});

/** The caller's saved tenders (Save Tender) and reminders (Save for Later); signed-out callers have none. */
export const useSavedTenders = (enabled: boolean) => useQuery({ ...savedTendersOptions, enabled });

export function useToggleSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, saved }: { id: string; kind: TenderSaveKind; saved: boolean }) =>
      saved ? api.call(saveTender, { params: { id, kind } }) : api.call(unsaveTender, { params: { id, kind } }),
    onSuccess: () => client.invalidateQueries({ queryKey: tenderKeys.saved }),
  });
}

/** Contact About Tender for a tender listed here: a message to the owner through the mail layer. */
export function useContactTenderOwner() {
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) => api.call(contactTenderOwner, { params: { id }, body: { message } }),
  });
}
