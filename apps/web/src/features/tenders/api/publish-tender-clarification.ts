import { publishTenderClarification } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The owner publishes a clarification to everyone taking part. */
export const usePublishClarification = (id: string) =>
  useTenderMutation(async (message: string) => api.call(publishTenderClarification, { params: { id }, body: { message } }));
