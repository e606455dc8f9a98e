import { useMutation, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../../lib/api-client';
import { accountKeys } from './keys';

/** Follows a verification link (decision 0337); the current user is read again so the banner goes. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => sendJson<{ success: boolean; message: string }>('POST', '/api/auth/verify-email', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.me }),
  });
}
