import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verifyEmail } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session/get-me';

/** Follows a verification link (decision 0337); the current user is read again so the banner goes. */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.call(verifyEmail, { body: { token } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}
