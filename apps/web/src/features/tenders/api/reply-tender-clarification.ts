import { replyTenderClarification } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** A reply in a clarification's thread; the owner may publish it to all with the reply. */
export const useReplyClarification = (id: string) =>
  useTenderMutation(async ({ entryId, message, publish }: { entryId: string; message: string; publish?: boolean }) =>
    api.call(replyTenderClarification, { params: { id, entryId }, body: { message, ...(publish ? { publish: true } : {}) } }),
  );
