import { submitTenderResponse } from '@solar/shared/contracts/routes';
import type { TenderResponseBody } from '@solar/shared/contracts/tender-lifecycle';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** Submits or edits the caller's provider's one response. */
export const useSubmitResponse = (id: string) =>
  useTenderMutation(async (body: TenderResponseBody) => api.call(submitTenderResponse, { params: { id }, body }));
