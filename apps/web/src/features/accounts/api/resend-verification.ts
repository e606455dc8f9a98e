import { useMutation } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';

/** Mails a new verification link to the signed-in user's own address (decision 0337). */
export const useResendVerification = () =>
  useMutation({ mutationFn: () => sendJson<{ success: boolean; message: string }>('POST', '/api/auth/resend-verification') });
