import { useQuery } from '@tanstack/react-query';
import { getTenderCriteria } from '@solar/shared/contracts/routes';
import { apiFor, type ApiOutput } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export type TenderCriteriaAnswer = ApiOutput<typeof getTenderCriteria>['data'];

/** The evaluation criteria and weights, to everyone who may see the tender (decision 0518). */
export const useTenderCriteria = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.criteria(id), queryFn: async ({ client }) => (await apiFor(client).call(getTenderCriteria, { params: { id } })).data, enabled });
