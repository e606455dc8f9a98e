import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteProviderAccreditation } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { trustKeys } from './keys';

export function useDeleteProviderAccreditation(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (accreditationId: string) => api.call(deleteProviderAccreditation, { params: { id: providerId, accreditationId } }),
    onSuccess: () => client.invalidateQueries({ queryKey: trustKeys.accreditations(providerId) }),
  });
}
