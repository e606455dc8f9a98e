import { queryOptions, useQuery } from '@tanstack/react-query';
import { listProviderAccreditations } from '@solar/shared/contracts/routes';
import { api } from '../../../lib/api-client';
import { trustKeys } from './keys';

export const providerAccreditationsOptions = (providerId: string) =>
  queryOptions({
    queryKey: trustKeys.accreditations(providerId),
    queryFn: async () => (await api.call(listProviderAccreditations, { params: { id: providerId } })).data,
  });

export const useProviderAccreditations = (providerId: string) => useQuery(providerAccreditationsOptions(providerId));
