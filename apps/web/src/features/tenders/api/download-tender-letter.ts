import { downloadTenderLetter } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';

/** A letter's address (PDF): each bidder its own, the owner every one (decision 0527). */
export const letterUrl = (id: string, responseId: string) => api.url(downloadTenderLetter, { params: { id, responseId } });
