import { uploadTenderResponseAttachments } from '@solar/shared/contracts/routes';
import { api, type ApiOutput } from '../../../lib/api-client';
import { filesForm, useTenderMutation } from './use-tender-mutation';

/** The responder attaches files to their response (multipart `files`). */
export const useUploadAttachments = (id: string) =>
  useTenderMutation(async ({ responseId, files }: { responseId: string; files: File[] }) =>
    api.sendJson<ApiOutput<typeof uploadTenderResponseAttachments>>('POST', api.url(uploadTenderResponseAttachments, { params: { id, responseId } }), filesForm(files)),
  );
