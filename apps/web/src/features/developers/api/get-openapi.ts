import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_REFERENCE as R } from '@solar/shared/constants/developers';
import { getOpenApi } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { developerKeys } from './keys';

/** The app's own OpenAPI document (`GET /api/docs/openapi.json`), read once a visit: the reference page is drawn from it (decision 0530). */
export const openApiQuery = queryOptions({
  queryKey: developerKeys.openApi,
  queryFn: async ({ client }) => (await apiFor(client).call(getOpenApi, {}, { fallback: R.failed })) as unknown,
  staleTime: Infinity,
});

export const useOpenApi = () => useQuery(openApiQuery);
