import { askTenderQuestion } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** A participant asks the owner a question about an open tender. */
export const useAskQuestion = (id: string) =>
  useTenderMutation(async (question: string) => api.call(askTenderQuestion, { params: { id }, body: { question } }));
