import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getAsset, listAssetSites } from '@solar/shared/contracts/routes';
import { tenderSiteFromAsset } from '@solar/shared/domain/tenders';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/**
 * The List a Tender form's asset picker (decision 0407): site names from asset intelligence
 * (`GET /api/assets/sites`, at most 5), then the chosen asset (`GET /api/assets/:id`, signed in)
 * for its place and point. The tenders feature calls the assets contracts itself rather than
 * importing the assets feature.
 */
export const useSiteAssetSearch = (search: string) =>
  useQuery({
    queryKey: tenderKeys.siteSearch(search.trim()),
    queryFn: ({ client }) => apiFor(client).call(listAssetSites, { query: { search: search.trim() } }),
    enabled: search.trim().length > 1,
    staleTime: 300_000,
  });

export function useLoadSiteAsset() {
  const client = useQueryClient();
  return async (id: number) => {
    const asset = await client.fetchQuery({
      queryKey: tenderKeys.siteAsset(id),
      queryFn: () => apiFor(client).call(getAsset, { params: { id: String(id) } }),
      staleTime: 300_000,
    });
    return tenderSiteFromAsset(asset);
  };
}
