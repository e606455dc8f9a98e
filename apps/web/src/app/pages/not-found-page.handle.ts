import { NOT_FOUND } from '@solar/shared/constants/ui';
import { SITE_NAME } from '@solar/shared/constants/seo';
import type { PageHandle } from '../../lib/render/page-handle';

/** Any address no route knows: the not-found page, answered 404 so it is never indexed as a page. */
export const handle: PageHandle = {
  reads: [],
  head: () => ({ title: `${NOT_FOUND.title} | ${SITE_NAME}`, description: NOT_FOUND.title, noindex: true, status: 404 }),
};
