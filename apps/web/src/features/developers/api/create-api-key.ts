import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEY_MESSAGES as M } from '@solar/shared/constants/developers';
import { createApiKey } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { developerKeys } from './keys';

/** Creates a named key; the answer holds the key itself, this once (decision 0492). */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.call(createApiKey, { body: { name } }, { fallback: M.createFailed }),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.apiKeys }),
  });
}
