import { useQuery } from '@tanstack/react-query';
import { getTenderContract } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** After the award: the standstill, its end and the confirmation, with the caller's letters (decisions 0526, 0527). */
export const useTenderContract = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.contract(id), queryFn: async ({ client }) => (await apiFor(client).call(getTenderContract, { params: { id } })).data, enabled });
