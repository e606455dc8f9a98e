import { acceptTenderInvitation } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { useTenderMutation } from './use-tender-mutation';

/** Redeems an email invitation link for the signed-in account (decision 0403). */
export const useAcceptInvitation = () =>
  useTenderMutation(async (token: string) => (await api.call(acceptTenderInvitation, { body: { token } })).data);
