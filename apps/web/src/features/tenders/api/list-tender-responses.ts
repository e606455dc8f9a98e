import { useQuery } from '@tanstack/react-query';
import { listTenderResponses } from '@solar/shared/contracts/routes';
import { apiFor, type ApiOutput } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export type TenderResponses = ApiOutput<typeof listTenderResponses>['data'];

/** Responses side by side: the owner and admins only (404 to anyone else). */
export const useTenderResponses = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.responses(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderResponses, { params: { id } })).data, enabled });
