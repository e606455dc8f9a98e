import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminUser, UpdateAdminUserInput } from '@solar/shared/contracts/admin';
import { sendJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: UpdateAdminUserInput }) =>
      sendJson<{ success: true; data: AdminUser }>('PATCH', `/api/admin/users/${encodeURIComponent(id)}`, changes).then((b) => b.data),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useCancelDeletion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<{ success: true; message: string }>('POST', `/api/admin/users/${encodeURIComponent(id)}/cancel-deletion`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
