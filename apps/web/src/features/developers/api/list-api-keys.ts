import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_KEY_MESSAGES as M } from '@solar/shared/constants/developers';
import { listApiKeys } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { developerKeys } from './keys';

/** The caller's API keys, newest first (docs/product/developers.md#api-keys). */
export const apiKeysQuery = queryOptions({
  queryKey: developerKeys.apiKeys,
  queryFn: async ({ client }) => (await apiFor(client).call(listApiKeys, {}, { fallback: M.loadFailed })).data,
});

export const useApiKeys = () => useQuery(apiKeysQuery);
