import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createProviderAccreditation } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { trustKeys } from './keys';

/** Multipart: the form's fields and the optional `evidence` file. */
export function useCreateProviderAccreditation(providerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (form: FormData) => (await api.call(createProviderAccreditation, { params: { id: providerId }, body: form })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: trustKeys.accreditations(providerId) }),
  });
}
