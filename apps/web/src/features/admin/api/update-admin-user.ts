import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAdminUserInput } from '@solar/shared/contracts/admin';
import { cancelDeletion, updateAdminUser } from '@solar/shared/contracts/routes';
import { ADMIN_MESSAGES } from '@solar/shared/constants/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateAdminUserInput }) =>
      (await api.call(updateAdminUser, { params: { id }, body: changes }, { fallback: ADMIN_MESSAGES.updateUserFailed })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(cancelDeletion, { params: { id } }, { fallback: ADMIN_MESSAGES.updateUserFailed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
