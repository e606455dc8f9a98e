import { removeTenderEvaluator } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The owner removes an evaluator (their scores go with them). */
export const useRemoveTenderEvaluator = (id: string) => useTenderMutation(async (evaluatorId: string) => api.call(removeTenderEvaluator, { params: { id, evaluatorId } }));
