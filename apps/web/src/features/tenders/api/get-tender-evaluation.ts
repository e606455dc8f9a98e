import { useQuery } from '@tanstack/react-query';
import { getTenderEvaluation } from '@solar/shared/contracts/routes';
import { ApiError, apiFor, type ApiOutput } from '../../../lib/api-client';
import { tenderKeys } from './keys';

export type TenderEvaluationAnswer = ApiOutput<typeof getTenderEvaluation>['data'];

/** The scoring sheet: the owner's with totals and ranks, an evaluator's own (decision 0519). */
export const useTenderEvaluation = (id: string, enabled = true) =>
  useQuery({
    queryKey: tenderKeys.evaluation(id),
    queryFn: async ({ client }) => (await apiFor(client).call(getTenderEvaluation, { params: { id } })).data,
    retry: (failures, error) => !(error instanceof ApiError && error.status < 500) && failures < 1,
    enabled,
  });
