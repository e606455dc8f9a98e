import { useMutation } from '@tanstack/react-query';
import type { InviteProviderInput } from '@solar/shared/contracts/providers';
import { inviteProvider } from '@solar/shared/contracts/routes';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { api } from './api-client';

/**
 * POST /api/providers/invitations (decision 0360). Here rather than in a feature because the directory
 * and the list-a-tender page both offer it when few providers match.
 */
export function useInviteProvider() {
  return useMutation({
    mutationFn: (body: InviteProviderInput) => api.call(inviteProvider, { body }, { fallback: M.inviteFailed }),
  });
}
