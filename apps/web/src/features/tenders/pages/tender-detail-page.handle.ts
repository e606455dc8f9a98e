import type { Demand, WithContext } from 'schema-dts';
import type { Tender } from '@solar/shared/contracts/tenders';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { SITE_NAME } from '@solar/shared/constants/seo';
import { formatDate, formatGBP } from '@solar/shared/domain/format';
import { absoluteUrl, metaDescription } from '@solar/shared/domain/seo';
import { publicStatusLabel, valueRangeLabel } from '@solar/shared/domain/tenders';
import { ApiError } from '../../../lib/api-client';
import { breadcrumbs } from '../../../lib/render/json-ld';
import type { PageHandle, PageHead } from '../../../lib/render/page-handle';
import { tenderQueryOptions } from '../api/get-tender';

/**
 * A tender as schema.org's Demand: a public announcement seeking a service, valid from its
 * publication to its closing date. Only the notice's own facts: no owner or contact names,
 * emails or phones.
 */
function demand(t: Tender, url: string): WithContext<Demand> {
  const place = t.location ?? t.contactTown ?? t.region;
  return {
    '@context': 'https://schema.org',
    '@type': 'Demand',
    '@id': `${url}#tender`,
    name: t.title,
    url,
    ...(t.description.trim() && { description: t.description.trim() }),
    ...(t.externalId && { identifier: t.externalId }),
    validFrom: t.publishedDate,
    ...(t.closingDate && { validThrough: t.closingDate }),
    availability: t.status === 'open' ? 'https://schema.org/InStock' : 'https://schema.org/Discontinued',
    itemOffered: { '@type': 'Service', name: t.service ?? t.title, ...(t.service && { serviceType: t.service }) },
    ...((t.valueMinimum != null || t.valueMaximum != null) && {
      priceSpecification: {
        '@type': 'PriceSpecification',
        priceCurrency: 'GBP',
        ...(t.valueMinimum != null && { minPrice: t.valueMinimum }),
        ...(t.valueMaximum != null && { maxPrice: t.valueMaximum }),
      },
    }),
    ...(place && { eligibleRegion: { '@type': 'Place', name: place } }),
  };
}

/** /tender/{id} (decision 0370): an open tender is indexed; closed and private ones are rendered but not indexed. */
export const handle: PageHandle = {
  reads: ['tenders'],
  prefetch: ({ prefetch, params }) => prefetch(tenderQueryOptions(params.id ?? '')),
  head: ({ queryClient, params, publicUrl }): PageHead => {
    const options = tenderQueryOptions(params.id ?? '');
    const t = queryClient.getQueryData(options.queryKey);
    if (!t) {
      const error = queryClient.getQueryState(options.queryKey)?.error;
      if (error instanceof ApiError && error.status === 404) {
        return { title: `${TENDER_MESSAGES.loadOneError} | ${SITE_NAME}`, description: error.message, noindex: true, status: 404 };
      }
      if (error) throw error; // the shell, and the browser tries again
      return { title: `Tender | ${SITE_NAME}`, description: 'A solar tender on Solar Marketplace.', noindex: true };
    }
    const path = `/tender/${t.id}`;
    const status = publicStatusLabel(t.status);
    const from = t.organisationName ? ` from ${t.organisationName}` : '';
    const place = t.location ?? t.contactTown ?? t.region;
    const value = valueRangeLabel(t.valueMinimum, t.valueMaximum, formatGBP);
    const closes = t.closingDate ? ` Closes ${formatDate(t.closingDate)}.` : '';
    return {
      title: `${t.title} | Tenders | ${SITE_NAME}`,
      description: metaDescription(`${status} tender${from}${place ? ` in ${place}` : ''}. Value: ${value}.${closes} ${t.description}`),
      canonical: path,
      noindex: t.type === 'private' || t.status !== 'open',
      jsonLd: [
        demand(t, absoluteUrl(publicUrl, path)),
        breadcrumbs(publicUrl, [
          ['Home', '/'],
          ['Tenders', '/explore-tenders'],
          [t.title, path],
        ]),
      ],
    };
  },
};
