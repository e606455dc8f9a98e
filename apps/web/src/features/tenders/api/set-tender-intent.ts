import { setTenderIntent } from '@solar/shared/contracts/routes';
import type { TenderIntent } from '@solar/shared/constants/tender-sealed';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** An invitee intends to respond, or declines with a reason; reversible until the closing time (decision 0514). */
export const useSetTenderIntent = (id: string) =>
  useTenderMutation(async (body: { intent: TenderIntent; reason?: string }) => api.call(setTenderIntent, { params: { id }, body }));
