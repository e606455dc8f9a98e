import { useQuery } from '@tanstack/react-query';
import { listTenderEvaluators } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** The evaluators the owner invited and their declarations (owner and admins; decision 0520). */
export const useTenderEvaluators = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.evaluators(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderEvaluators, { params: { id } })).data, enabled });
