import { withdrawTenderResponse } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The responder withdraws their response before the closing date (decision 0406). */
export const useWithdrawResponse = (id: string) =>
  useTenderMutation(async (responseId: string) => api.call(withdrawTenderResponse, { params: { id, responseId } }));
