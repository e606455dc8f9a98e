import { SITE_NAME } from '@solar/shared/constants/seo';
import { breadcrumbs } from '../../../lib/render/json-ld';
import type { PageHandle } from '../../../lib/render/page-handle';

/** /reviews/policy (decision 0480): a public page, rendered on the server. */
export const handle: PageHandle = {
  reads: [],
  head: ({ publicUrl }) => ({
    title: `Review policy | ${SITE_NAME}`,
    description: 'How reviews on Solar Marketplace work: only from completed work, checked, never hidden for being negative, and how providers can report a review.',
    canonical: '/reviews/policy',
    jsonLd: [breadcrumbs(publicUrl, [['Home', '/'], ['Review policy', '/reviews/policy']])],
  }),
};
