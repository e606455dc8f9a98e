import { queryOptions, useQuery } from '@tanstack/react-query';
import { getProviderCompany } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { trustKeys } from './keys';

export const providerCompanyOptions = (providerId: string) =>
  queryOptions({ queryKey: trustKeys.company(providerId), queryFn: async () => (await api.call(getProviderCompany, { params: { id: providerId } })).data });

export const useProviderCompany = (providerId: string) => useQuery(providerCompanyOptions(providerId));
