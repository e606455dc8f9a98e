import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { listProviderNames } from '@solar/shared/contracts/routes';
import { companyNameTokens } from '@solar/shared/domain/company-name';
import { apiFor } from '../../../lib/api-client';
import { providerKeys } from './keys';

/** Company names in the directory for a typed one (decision 0503). */
export const providerNamesOptions = (q: string) =>
  queryOptions({
    queryKey: providerKeys.names(q),
    queryFn: async ({ client }) => (await apiFor(client).call(listProviderNames, { query: { q } })).data,
    staleTime: 300_000,
  });

/** Suggestions while a word is typed; the previous ones stay while the next arrive. */
export const useProviderNames = (q: string) =>
  useQuery({ ...providerNamesOptions(q.trim()), enabled: companyNameTokens(q).length > 0, placeholderData: keepPreviousData });
