import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateCompanyInput } from '@solar/shared/contracts/trust';
import { updateProviderCompany } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { trustKeys } from './keys';

/** The owner sets the company number; the server checks it at Companies House at once. */
export function useUpdateProviderCompany(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateCompanyInput) => (await api.call(updateProviderCompany, { params: { id: providerId }, body })).data,
    onSuccess: (data) => {
      client.setQueryData(trustKeys.company(providerId), data);
      void client.invalidateQueries({ queryKey: ['providers'] });
    },
  });
}
