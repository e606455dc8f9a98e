import { uploadTenderDocuments } from '@solar/shared/contracts/routes';
import { api, type ApiOutput } from '../../../lib/api-client';
import { filesForm, useTenderMutation } from './use-tender-mutation';

/** The owner adds documents (multipart `files`, decision 0402). */
export const useUploadDocuments = () =>
  useTenderMutation(async ({ id, files }: { id: string; files: File[] }) =>
    api.sendJson<ApiOutput<typeof uploadTenderDocuments>>('POST', api.url(uploadTenderDocuments, { params: { id } }), filesForm(files)),
  );
