import { useQuery } from '@tanstack/react-query';
import { listTenderInvitedProviders } from '@solar/shared/contracts/routes';
import { apiFor, type ApiOutput } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export type InvitedProviders = ApiOutput<typeof listTenderInvitedProviders>['data'];

/** The providers a tender invites from the directory, claimed or not and whether told (owner and admins; decision 0447). */
export const useTenderInvitedProviders = (id: string, enabled = true) =>
  useQuery({
    queryKey: tenderKeys.invitedProviders(id),
    queryFn: async ({ client }) => (await apiFor(client).call(listTenderInvitedProviders, { params: { id } })).data,
    enabled,
  });
