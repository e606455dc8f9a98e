import { downloadTenderDocument } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';

/** A document's address: served through the visibility check, as an attachment. */
export const documentUrl = (id: string, documentId: string) => api.url(downloadTenderDocument, { params: { id, documentId } });
