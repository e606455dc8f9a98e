import type { GovernmentOrganization, WithContext } from 'schema-dts';
import { SITE_NAME } from '@solar/shared/constants/seo';
import { formatGBP } from '@solar/shared/domain/format';
import { absoluteUrl, metaDescription } from '@solar/shared/domain/seo';
import { breadcrumbs } from '../../../lib/render/json-ld';
import type { PageHandle } from '../../../lib/render/page-handle';
import { ApiError } from '../../../lib/api-client';
import { buyerOptions } from '../api/get-buyer';

/** /buyers/{slug} (decision 0483): a public buyer, rendered on the server with its organisation as JSON-LD. */
export const handle: PageHandle = {
  reads: ['tenders', 'providers'],
  prefetch: async ({ prefetch, params }) => {
    if (params.slug) await prefetch(buyerOptions(params.slug));
  },
  head: ({ queryClient, params, publicUrl }) => {
    const slug = params.slug ?? '';
    const options = buyerOptions(slug);
    const b = queryClient.getQueryData(options.queryKey);
    if (!b) {
      const error = queryClient.getQueryState(options.queryKey)?.error;
      if (error && !(error instanceof ApiError && error.status === 404)) throw error;
      return { title: `Buyer not found | ${SITE_NAME}`, description: 'Buyer not found', noindex: true, status: error ? 404 : undefined };
    }
    const path = `/buyers/${b.slug}`;
    const org: WithContext<GovernmentOrganization> = {
      '@context': 'https://schema.org',
      '@type': 'GovernmentOrganization',
      '@id': `${absoluteUrl(publicUrl, path)}#buyer`,
      name: b.name,
      url: absoluteUrl(publicUrl, path),
      ...(b.website && { sameAs: [b.website] }),
      ...(b.town && { address: { '@type': 'PostalAddress', addressLocality: b.town, addressCountry: 'GB' } }),
    };
    return {
      title: `${b.name}: contracts and awards | ${SITE_NAME}`,
      description: metaDescription(
        `${b.name}: ${b.notices} public notices, ${b.awards} awards worth ${formatGBP(b.awardedValue)}, the suppliers it uses and the contracts ending in the next 12 months.`,
      ),
      canonical: path,
      jsonLd: [org, breadcrumbs(publicUrl, [['Home', '/'], ['Buyers', '/buyers'], [b.name, path]])],
    };
  },
};
