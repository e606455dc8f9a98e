import { deleteTenderDocument } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The owner removes a document. */
export const useDeleteDocument = (id: string) =>
  useTenderMutation(async (documentId: string) => api.call(deleteTenderDocument, { params: { id, documentId } }));
