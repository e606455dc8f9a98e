import { useMutation, useQueryClient } from '@tanstack/react-query';
import { updateAdminUserSuspension } from '@solar/shared/contracts/routes';
import { ADMIN_MESSAGES } from '@solar/shared/constants/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Suspends or reinstates an account (decision 0424). */
export function useUpdateUserSuspension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, suspended }: { id: string; suspended: boolean }) =>
      (await api.call(updateAdminUserSuspension, { params: { id }, body: { suspended } }, { fallback: ADMIN_MESSAGES.updateUserFailed })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
