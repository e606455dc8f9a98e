import { useMutation } from '@tanstack/react-query';
import { resendVerification } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';

/** Mails a new verification link to the signed-in user's own address (decision 0337), returning to `returnTo` once followed (issue 28 item 7). */
export const useResendVerification = () =>
  useMutation({ mutationFn: (returnTo?: string) => api.call(resendVerification, { body: returnTo ? { returnTo } : {} }) });
