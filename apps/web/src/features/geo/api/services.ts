import { useQuery } from '@tanstack/react-query';
import { SERVICES } from '@solar/shared/constants/services';
import type { ServicesResponse } from '@solar/shared/contracts/geo';
import { getJson } from '../../../lib/api-client';
import { geoKeys } from './keys';

/**
 * The canonical services list (`GET /api/services`). The shared constant is the placeholder while
 * it loads, so suggestion lists never start empty.
 */
export function useServices() {
  return useQuery({
    queryKey: geoKeys.services,
    queryFn: async () => (await getJson<ServicesResponse>('/api/services')).services,
    placeholderData: [...SERVICES],
    staleTime: 60 * 60_000,
  });
}
