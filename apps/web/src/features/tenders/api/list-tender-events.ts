import { useQuery } from '@tanstack/react-query';
import { listTenderEvents } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** The audit of state changes and edits: the owner and admins only (404 to anyone else). */
export const useTenderEvents = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.events(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderEvents, { params: { id } })).data, enabled });
