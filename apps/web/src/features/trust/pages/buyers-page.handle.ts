import { SITE_NAME } from '@solar/shared/constants/seo';
import { breadcrumbs } from '../../../lib/render/json-ld';
import type { PageHandle } from '../../../lib/render/page-handle';
import { buyersOptions } from '../api/list-buyers';

/** /buyers: public buyers named on imported notices, rendered on the server. */
export const handle: PageHandle = {
  reads: ['tenders'],
  prefetch: ({ prefetch, url }) => prefetch(buyersOptions(Math.max(1, Number(url.searchParams.get('page')) || 1))),
  head: ({ publicUrl, url }) => ({
    title: `Public buyers of energy work | ${SITE_NAME}`,
    description: 'Public bodies buying solar, storage and electrical work in the UK: their notices, awards, suppliers and contracts ending soon.',
    canonical: '/buyers',
    noindex: url.searchParams.has('page'),
    jsonLd: [breadcrumbs(publicUrl, [['Home', '/'], ['Buyers', '/buyers']])],
  }),
};
