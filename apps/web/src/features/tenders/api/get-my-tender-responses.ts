import { useQuery } from '@tanstack/react-query';
import { getMyTenderResponses } from '@solar/shared/contracts/routes';
import { apiFor, type ApiOutput } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export type MyResponses = ApiOutput<typeof getMyTenderResponses>['data'];

/** The caller's responses to a tender and whether they may respond. */
export const useMyTenderResponses = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.myResponses(id), queryFn: async ({ client }) => (await apiFor(client).call(getMyTenderResponses, { params: { id } })).data, enabled });
