import { useQuery } from '@tanstack/react-query';
import { listAssetProviders } from '@solar/shared/contracts/routes';
import { apiFor } from '../../../lib/api-client';
import { tenderKeys } from './keys';

/** How many of a site's providers a new tender offers to invite at the top of its list. */
const SITE_PROVIDERS = 20;

/**
 * The providers the asset page lists as serving a site (issue 27 defect 5): a tender listed for
 * that site offers them first in its invite list, whatever its service filter finds.
 */
export const useSiteProviders = (assetId: string, enabled: boolean) =>
  useQuery({
    queryKey: tenderKeys.siteProviders(assetId),
    queryFn: async ({ client }) => (await apiFor(client).call(listAssetProviders, { params: { id: assetId }, query: { limit: SITE_PROVIDERS } })).data.map((p) => p.provider),
    enabled: enabled && assetId !== '',
    staleTime: 60_000,
  });
