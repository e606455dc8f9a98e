import { useQuery } from '@tanstack/react-query';
import { listTenderAddenda } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** The documents with their versions, and the addenda that changed them (decision 0525). */
export const useTenderAddenda = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.addenda(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderAddenda, { params: { id } })).data, enabled });
