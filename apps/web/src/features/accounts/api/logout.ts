import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '@solar/shared/contracts/routes';
import { ACCOUNT_MESSAGES as M } from '@solar/shared/constants/accounts';
import { toast } from '../../../components/ui/toast-store';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session/get-me';

/** Logout (docs/product/accounts.md#logout): clears all cached data, goes to /, toasts; on failure refreshes the user. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // docs/product/accounts.md#logout: a non-OK answer throws with the response text.
      const response = await api.raw(logout);
      const text = await response.text();
      if (!response.ok) throw new Error(text);
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(sessionKeys.me, null);
      void navigate('/');
      toast({ title: 'Success', description: M.logoutSuccess, variant: 'success' });
    },
    onError: () => {
      toast({ title: 'Error', description: M.logoutFailed, variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.me });
    },
  });
}
