import { useQuery } from '@tanstack/react-query';
import { listTenderQuestions } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** Answered questions to everyone who may see the tender; unanswered ones to their asker and the owner. */
export const useTenderQuestions = (id: string, enabled = true) =>
  useQuery({ queryKey: tenderKeys.questions(id), queryFn: async ({ client }) => (await apiFor(client).call(listTenderQuestions, { params: { id } })).data, enabled });
