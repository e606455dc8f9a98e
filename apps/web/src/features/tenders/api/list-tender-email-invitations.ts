import { useQuery } from '@tanstack/react-query';
import { listTenderEmailInvitations } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** The addresses the owner invited and whether each link was used (owner and admins). */
export const useTenderEmailInvitations = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.invitations(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderEmailInvitations, { params: { id } })).data, enabled });
