import { awardTender } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** Awards the tender to one response; every responder is told the outcome. */
export const useAwardTender = (id: string) =>
  useTenderMutation(async (responseId: string) => api.call(awardTender, { params: { id }, body: { responseId } }));
