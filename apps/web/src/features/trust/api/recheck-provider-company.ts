import { useMutation, useQueryClient } from '@tanstack/react-query';
import { recheckProviderCompany } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { trustKeys } from './keys';

/** An admin's 'Check now'. */
export function useRecheckProviderCompany(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.call(recheckProviderCompany, { params: { id: providerId } })).data,
    onSuccess: (data) => client.setQueryData(trustKeys.company(providerId), data),
  });
}
