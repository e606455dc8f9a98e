import { inviteTenderEvaluator } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The owner invites a colleague to evaluate (decision 0520). */
export const useInviteTenderEvaluator = (id: string) => useTenderMutation(async (email: string) => api.call(inviteTenderEvaluator, { params: { id }, body: { email } }));
