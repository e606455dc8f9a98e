import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { searchProviders } from '@solar/shared/contracts/routes';
import { TENDER_PROVIDERS_PAGE_SIZE } from '@solar/shared/constants/tenders';
import { apiFor } from '../../../lib/api-client';
import { publicListShape, type ProviderPage } from '../../../lib/provider-list';
import { tenderKeys } from './keys';

/**
 * Providers a private tender may invite, from the directory search (issue 8), 10 at a time with
 * Load More: by service, and by the tender's location and radius under the tender location rule of
 * docs/product/tenders.md#inviting-providers (countrywide providers always; none without
 * coordinates once a location is chosen).
 */
export function useInvitableProviders(params: { service: string; lat?: number; lng?: number; radius: number }, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: tenderKeys.invitable(params),
    // An answer in an invalid format gives an empty list (docs/product/tenders.md#inviting-providers, the public provider list).
    queryFn: async ({ pageParam, client }): Promise<ProviderPage & { success: true }> => {
      const query = {
        services: [params.service],
        locationCenter: params.lat !== undefined && params.lng !== undefined ? `${params.lng},${params.lat}` : undefined,
        radius: params.lat !== undefined ? params.radius : undefined,
        pageSize: TENDER_PROVIDERS_PAGE_SIZE,
        page: pageParam,
      };
      return { success: true, ...publicListShape(await apiFor(client).call(searchProviders, { query })) };
    },
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
    placeholderData: keepPreviousData,
    enabled: enabled && params.service.length > 0,
  });
}
