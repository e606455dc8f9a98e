import { useQuery } from '@tanstack/react-query';
import { listTenderClarifications } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** The numbered clarification log: published entries, and the caller's own private ones (decision 0524). */
export const useTenderClarifications = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.clarifications(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderClarifications, { params: { id } })).data, enabled });
