import { answerTenderQuestion } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The owner answers (or corrects the answer); it is published to all participants. */
export const useAnswerQuestion = (id: string) =>
  useTenderMutation(async ({ questionId, answer }: { questionId: string; answer: string }) =>
    api.call(answerTenderQuestion, { params: { id, questionId }, body: { answer } }));
