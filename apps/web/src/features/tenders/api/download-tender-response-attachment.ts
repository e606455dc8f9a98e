import { downloadTenderResponseAttachment } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';

/** A response attachment's address: to the tender's owner, admins and the responder only. */
export const attachmentUrl = (id: string, responseId: string, attachmentId: string) =>
  api.url(downloadTenderResponseAttachment, { params: { id, responseId, attachmentId } });
