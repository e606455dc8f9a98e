import { inviteTenderEmails } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** The owner invites addresses; each gets a signed single-account link (decision 0403). */
export const useInviteEmails = (id: string) =>
  useTenderMutation(async (emails: string[]) => api.call(inviteTenderEmails, { params: { id }, body: { emails } }));
