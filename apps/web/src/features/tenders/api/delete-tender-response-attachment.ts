import { deleteTenderResponseAttachment } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The responder removes an attachment before the closing date. */
export const useDeleteAttachment = (id: string) =>
  useTenderMutation(async ({ responseId, attachmentId }: { responseId: string; attachmentId: string }) =>
    api.call(deleteTenderResponseAttachment, { params: { id, responseId, attachmentId } }));
