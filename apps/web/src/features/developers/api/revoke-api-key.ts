import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_KEY_MESSAGES as M } from '@solar/shared/constants/developers';
import { revokeApiKey } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { developerKeys } from './keys';

/** Revokes one of the caller's keys, at once, everywhere (decision 0492). */
export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => (await api.call(revokeApiKey, { params: { id } }, { fallback: M.revokeFailed })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.apiKeys }),
  });
}
