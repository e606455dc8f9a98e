import { requestTenderClarification } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The owner asks a responder to clarify their response. */
export const useClarification = (id: string) =>
  useTenderMutation(async ({ responseId, message }: { responseId: string; message: string }) =>
    api.call(requestTenderClarification, { params: { id, responseId }, body: { message } }));
