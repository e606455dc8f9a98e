import { replyTenderClarification } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/**
 * A reply in a clarification's thread; the owner may publish it to all with the reply, saying how
 * many earlier messages they were shown as becoming public (decision 0558).
 */
export const useReplyClarification = (id: string) =>
  useTenderMutation(async ({ entryId, message, publish }: { entryId: string; message: string; publish?: { confirmedMessages: number } }) =>
    api.call(replyTenderClarification, { params: { id, entryId }, body: { message, ...(publish ? { publish: true, confirmedMessages: publish.confirmedMessages } : {}) } }),
  );
