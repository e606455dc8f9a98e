import type { Dataset, WithContext } from 'schema-dts';
import { DEFAULT_PROJECT_SORT, PROJECTS_PAGE_SIZE } from '@solar/shared/constants/assets';
import { SITE_NAME } from '@solar/shared/constants/seo';
import { absoluteUrl, metaDescription } from '@solar/shared/domain/seo';
import { breadcrumbs } from '../../../lib/render/json-ld';
import type { PageHandle } from '../../../lib/render/page-handle';
import { assetSourceOptions } from '../api/get-asset-source';
import { assetProjectsOptions } from '../api/list-asset-projects';

/** The Projects tab's first page as the table asks for it: no filters, the default sort. */
export const firstProjectsPage = () => assetProjectsOptions({ ...DEFAULT_PROJECT_SORT, offset: 0, limit: PROJECTS_PAGE_SIZE });

/** `?tab=projects` opens the Projects tab, so the table has an address of its own. */
export const isProjectsTab = (params: URLSearchParams) => params.get('tab') === 'projects';

/**
 * /asset-intel (decision 0370): the page's shell and the source note (the map is drawn in the
 * browser only), and with `?tab=projects` the projects table's first page. The planning database
 * is described as a schema.org Dataset.
 */
export const handle: PageHandle = {
  reads: ['assets'],
  prefetch: ({ prefetch, url }) => Promise.all([prefetch(assetSourceOptions), ...(isProjectsTab(url.searchParams) ? [prefetch(firstProjectsPage())] : [])]),
  head: ({ queryClient, url, publicUrl }) => {
    const projects = isProjectsTab(url.searchParams);
    const source = queryClient.getQueryData(assetSourceOptions.queryKey);
    const path = projects ? '/asset-intel?tab=projects' : '/asset-intel';
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
      title: `${projects ? 'UK renewable energy projects table' : 'UK renewable energy projects on a map'} | ${SITE_NAME}`,
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
