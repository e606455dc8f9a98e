import { useQuery } from '@tanstack/react-query';
import { listEvaluatingTenders } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** The tenders the user was invited to evaluate (the dashboard's Evaluating list). */
export const useEvaluatingTenders = (enabled = true) =>
  useQuery({ queryKey: tenderKeys.evaluating, queryFn: async ({ client }) => (await apiFor(client).call(listEvaluatingTenders)).data, enabled });
