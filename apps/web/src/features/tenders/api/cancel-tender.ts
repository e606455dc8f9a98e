import { cancelTender } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** Cancels a draft or a tender not yet awarded, with a reason. */
export const useCancelTender = (id: string) =>
  useTenderMutation(async (reason: string) => api.call(cancelTender, { params: { id }, body: { reason } }));
