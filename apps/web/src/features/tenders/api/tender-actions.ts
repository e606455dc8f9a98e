import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedTender, TenderSaveKind } from '@solar/shared/contracts/tenders';
import { getJson, sendJson } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** The caller's saved tenders (Save Tender) and reminders (Save for Later); signed-out callers have none. */
export function useSavedTenders(enabled: boolean) {
  return useQuery({
    queryKey: [...tenderKeys.all, 'saved'],
    queryFn: async () => (await getJson<{ success: true; data: SavedTender[] }>('/api/tenders/saved')).data,
    enabled,
  });
}

export function useToggleSave() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, kind, saved }: { id: string; kind: TenderSaveKind; saved: boolean }) =>
      sendJson(saved ? 'PUT' : 'DELETE', `/api/tenders/${encodeURIComponent(id)}/saves/${kind}`),
    onSuccess: () => client.invalidateQueries({ queryKey: [...tenderKeys.all, 'saved'] }),
  });
}

/** Contact About Tender for a tender listed here: a message to the owner through the mail layer. */
export function useContactTenderOwner() {
  return useMutation({
    mutationFn: ({ id, message }: { id: string; message: string }) => sendJson('POST', `/api/tenders/${encodeURIComponent(id)}/contact`, { message }),
  });
}
