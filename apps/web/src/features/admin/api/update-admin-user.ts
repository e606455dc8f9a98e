import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateAdminUserInput } from '@solar/shared/contracts/admin';
import { cancelDeletion, updateAdminUser } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: UpdateAdminUserInput }) =>
      (await api.call(updateAdminUser, { params: { id }, body: changes })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.call(cancelDeletion, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
