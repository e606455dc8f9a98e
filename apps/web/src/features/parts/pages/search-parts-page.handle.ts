import { SITE_NAME } from '@solar/shared/constants/seo';
import { breadcrumbs } from '../../../lib/render/json-ld';
import type { PageHandle } from '../../../lib/render/page-handle';

/** /search-parts (decision 0370): the search form; answers are the visitor's own and never rendered on the server. */
export const handle: PageHandle = {
  reads: [],
  head: ({ publicUrl }) => ({
    title: `Search solar parts: modules, inverters and batteries | ${SITE_NAME}`,
    description:
      'Compare PV modules, inverters and battery systems from the catalogue, with totals for your quantity and suppliers near you. Every fact links to its source.',
    canonical: '/search-parts',
    jsonLd: [
      breadcrumbs(publicUrl, [
        ['Home', '/'],
        ['Search parts', '/search-parts'],
      ]),
    ],
  }),
};
