import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES as M } from '@solar/shared/constants/accounts';
import { toast } from '../../../components/ui/toast-store';
import { accountKeys } from './keys';

/** Logout (docs/product/accounts.md#logout): clears all cached data, goes to /, toasts; on failure refreshes the user. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      const response = await fetch('/api/auth/logout', { method: 'POST', credentials: 'include' });
      if (!response.ok) throw new Error(await response.text());
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(accountKeys.me, null);
      navigate('/');
      toast({ title: 'Success', description: M.logoutSuccess, variant: 'success' });
    },
    onError: () => {
      toast({ title: 'Error', description: M.logoutFailed, variant: 'destructive' });
      void queryClient.invalidateQueries({ queryKey: accountKeys.me });
    },
  });
}
