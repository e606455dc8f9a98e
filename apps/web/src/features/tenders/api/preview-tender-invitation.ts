import { useQuery } from '@tanstack/react-query';
import { previewTenderInvitation } from '@solar/shared/contracts/routes';
import { ApiError, apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** What an invitation link is for, before sign-up (decision 0443): the token travels in the body. */
export const useInvitationPreview = (tenderId: string, token: string | null) =>
  useQuery({
    queryKey: tenderKeys.invitationPreview(tenderId),
    queryFn: async ({ client }) => (await apiFor(client).call(previewTenderInvitation, { body: { token: token! } })).data,
    enabled: !!token,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    staleTime: Infinity,
  });
