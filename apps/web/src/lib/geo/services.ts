import { queryOptions, useQuery } from '@tanstack/react-query';
import { SERVICES } from '@solar/shared/constants/services';
import { listServices } from '@solar/shared/contracts/routes';
import { apiFor } from '../api-client';
import { geoKeys } from './keys';

/**
 * The canonical services list. The shared constant is the placeholder while it loads, so
 * suggestion lists never start empty.
 */
export const servicesOptions = queryOptions({
  queryKey: geoKeys.services,
  queryFn: async ({ client }) => (await apiFor(client).call(listServices)).services,
  placeholderData: [...SERVICES],
  staleTime: 60 * 60_000,
});

export const useServices = () => useQuery(servicesOptions);
