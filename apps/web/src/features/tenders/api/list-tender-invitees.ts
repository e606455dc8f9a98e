import { useQuery } from '@tanstack/react-query';
import { listTenderInvitees } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** Every invitee of a tender and where it stands: the owner and admins (decision 0514). */
export const useTenderInvitees = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.invitees(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderInvitees, { params: { id } })).data, enabled });
