import type { Dataset, WithContext } from 'schema-dts';
import { INSIGHT_BREAKDOWNS } from '@solar/shared/constants/asset-insights';
import { SITE_NAME } from '@solar/shared/constants/seo';
import { assetFiltersOf } from '@solar/shared/domain/asset-map-address';
import { projectsFiltersOf, projectsPageQuery } from '@solar/shared/domain/projects-table-address';
import { absoluteUrl, metaDescription } from '@solar/shared/domain/seo';
import { breadcrumbs } from '../../../lib/render/json-ld';
import type { PageHandle, PrefetchContext } from '../../../lib/render/page-handle';
import { assetSourceOptions } from '../api/get-asset-source';
import { assetProjectsOptions } from '../api/list-asset-projects';
import { listAssetBreakdownOptions } from '../api/list-asset-breakdown';
import { getAssetPipelineOptions } from '../api/get-asset-pipeline';
import { listAssetDurationsOptions } from '../api/list-asset-durations';
import { listAssetQuartersOptions } from '../api/list-asset-quarters';
import { listAssetReleasesOptions } from '../api/list-asset-releases';
import { listLargestAssetsOptions } from '../api/list-largest-assets';
import { toInsightsParams } from '../state/asset-filters';

/** The Projects tab's first page as the table asks for it: the address's filters, the default sort (decision 0590). */
export const firstProjectsPage = (params: URLSearchParams) => assetProjectsOptions(projectsPageQuery(projectsFiltersOf(params)));

/** Which tab an address opens: `?tab=projects` and `?tab=insights` have their own (decision 0490). */
export const tabOfAddress = (params: URLSearchParams): 'overview' | 'projects' | 'insights' => {
  const tab = params.get('tab');
  return tab === 'projects' || tab === 'insights' ? tab : 'overview';
};

/** Loads the Insights tab's first answers for the address's filters, as its charts ask for them (decision 0490). */
export function prefetchInsights(prefetch: PrefetchContext['prefetch'], params: URLSearchParams) {
  const q = toInsightsParams(assetFiltersOf(params));
  return Promise.all([
    ...INSIGHT_BREAKDOWNS.map((b) => prefetch(listAssetBreakdownOptions({ ...q, by: b.key }))),
    prefetch(getAssetPipelineOptions(q)),
    prefetch(listAssetDurationsOptions({ ...q, by: 'technology' })),
    prefetch(listAssetQuartersOptions(q)),
    prefetch(listAssetReleasesOptions(q)),
    prefetch(listLargestAssetsOptions(q)),
  ]);
}

/**
 * /asset-intel (decision 0370): the page's shell and the source note (the map is drawn in the
 * browser only), and with `?tab=projects` the projects table's first page. The planning database
 * is described as a schema.org Dataset.
 */
export const handle: PageHandle = {
  reads: ['assets'],
  prefetch: ({ prefetch, url }) => {
    const tab = tabOfAddress(url.searchParams);
    return Promise.all([
      prefetch(assetSourceOptions),
      ...(tab === 'projects' ? [prefetch(firstProjectsPage(url.searchParams))] : []),
      ...(tab === 'insights' ? [prefetchInsights(prefetch, url.searchParams)] : []),
    ]);
  },
  head: ({ queryClient, url, publicUrl }) => {
    const tab = tabOfAddress(url.searchParams);
    const projects = tab === 'projects';
    const source = queryClient.getQueryData(assetSourceOptions.queryKey);
    const path = tab === 'overview' ? '/asset-intel' : `/asset-intel?tab=${tab}`;
    const count = source ? `${source.assets.toLocaleString('en-GB')} ` : '';
    const dataset: WithContext<Dataset> | null = source
      ? {
          '@context': 'https://schema.org',
          '@type': 'Dataset',
          name: source.name,
          description: `${count}UK renewable energy projects from the ${source.name}, with their operators, capacities, planning dates and locations.`,
          url: absoluteUrl(publicUrl, '/asset-intel'),
          creator: { '@type': 'Organization', name: source.publisher },
          creditText: source.attribution,
          ...(source.release && { version: source.release }),
          ...(source.newestRecord && { dateModified: source.newestRecord }),
          spatialCoverage: { '@type': 'Country', name: 'United Kingdom' },
          isAccessibleForFree: true,
        }
      : null;
    return {
      title: `${projects ? 'UK renewable energy projects table' : tab === 'insights' ? 'UK renewable energy pipeline statistics' : 'UK renewable energy projects on a map'} | ${SITE_NAME}`,
      description: metaDescription(
        `Explore ${count}UK renewable energy projects from the government's planning database: operators, capacities, planning status and dates, on a map and in a table.`,
      ),
      canonical: path,
      jsonLd: [
        breadcrumbs(publicUrl, [
          ['Home', '/'],
          ['Asset intelligence', path],
        ]),
        ...(dataset ? [dataset] : []),
      ],
    };
  },
};
