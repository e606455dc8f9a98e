import { SITE_NAME } from '@solar/shared/constants/seo';
import { breadcrumbs } from '../../lib/render/json-ld';
import type { PageHandle } from '../../lib/render/page-handle';

/** /services/list (decision 0370): free listing for service providers. Every path under it is this page. */
export const handle: PageHandle = {
  reads: [],
  head: ({ publicUrl }) => ({
    title: `List your solar services for free | ${SITE_NAME}`,
    description:
      'Reach UK solar asset owners and managers looking for O&M, installers, surveyors and advisors. Listing is free: no subscription and no card needed.',
    canonical: '/services/list',
    jsonLd: [
      breadcrumbs(publicUrl, [
        ['Home', '/'],
        ['List your services', '/services/list'],
      ]),
    ],
  }),
};
