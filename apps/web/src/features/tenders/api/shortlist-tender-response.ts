import { shortlistTenderResponse } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The owner shortlists a response or takes it off the shortlist. */
export const useShortlist = (id: string) =>
  useTenderMutation(async ({ responseId, shortlisted }: { responseId: string; shortlisted: boolean }) =>
    api.call(shortlistTenderResponse, { params: { id, responseId }, body: { shortlisted } }));
