import { useMutation, useQueryClient } from '@tanstack/react-query';
import { declineTenderInvitation } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** Declines an email invitation from its link, signed out, with a reason (decision 0558); the landing then says so. */
export function useDeclineInvitation(tenderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { token: string; reason: string }) => api.call(declineTenderInvitation, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: tenderKeys.invitationPreview(tenderId) }),
  });
}
