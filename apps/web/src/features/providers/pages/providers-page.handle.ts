import { DIRECTORY_PAGE_SIZE } from '@solar/shared/constants/providers';
import { SITE_NAME } from '@solar/shared/constants/seo';
import { formatCount } from '@solar/shared/domain/count';
import { canonicalSearch, metaDescription } from '@solar/shared/domain/seo';
import { breadcrumbs, itemList } from '../../../lib/render/json-ld';
import type { PageHandle } from '../../../lib/render/page-handle';
import { searchProvidersOptions } from '../api/search-providers';
import { directoryFiltersOf, type DirectoryFilters } from '@solar/shared/domain/directory-address';

/** The filters that make a different list; the sort only reorders it, so it is not part of the address. */
const CANONICAL_KEYS = ['companies', 'services', 'types', 'technologies', 'scales', 'phases', 'location', 'locationCenter', 'radius', 'page'];

/** "O&M, Installer": the first two things asked for, or null. */
function asked(filters: DirectoryFilters): string | null {
  const items = [...filters.services, ...filters.types, ...filters.technologies].slice(0, 2);
  return items.length ? items.join(', ') : null;
}

/** /providers (decision 0370): the list of the address's filters, server-rendered; page 2 on is not indexed. */
export const handle: PageHandle = {
  reads: ['providers'],
  prefetch: ({ prefetch, url }) => prefetch(searchProvidersOptions(directoryFiltersOf(url.searchParams))),
  head: ({ queryClient, url, publicUrl }) => {
    const filters = directoryFiltersOf(url.searchParams);
    const list = queryClient.getQueryData(searchProvidersOptions(filters).queryKey);
    const where = filters.location ? ` near ${filters.location}` : ' in the UK';
    const paged = filters.page > 1 ? ` – page ${filters.page}` : '';
    const kind = asked(filters);
    const title = `${kind ? `${kind} providers` : 'Solar service providers'}${where}${paged} | ${SITE_NAME}`;
    const total = list?.pagination.total;
    const noun = `${kind ?? 'solar service'} provider`;
    const description = metaDescription(
      `Compare ${total === undefined ? `${noun}s` : formatCount(total, noun)}${where}: O&M, installers, surveyors and advisors, with their services, locations and service areas.`,
    );
    const canonical = `/providers${canonicalSearch(new URLSearchParams(url.search), CANONICAL_KEYS)}`;
    const providers = list?.data ?? [];
    return {
      title,
      description,
      canonical,
      noindex: filters.page > 1 || total === 0,
      jsonLd: [
        breadcrumbs(publicUrl, [
          ['Home', '/'],
          ['Providers', '/providers'],
        ]),
        itemList(
          publicUrl,
          title,
          providers.map((p) => ({ name: p.businessName, path: `/providers/${p.slug || p.id}` })),
          (filters.page - 1) * DIRECTORY_PAGE_SIZE,
        ),
      ],
    };
  },
};
