import type { AggregateRating, GeoCircle, LocalBusiness, Organization, Place, Review as SchemaReview, WithContext } from 'schema-dts';
import type { Provider } from '@solar/shared/contracts/providers';
import { PLACEHOLDER_LOGO_PATTERN, PROVIDER_MESSAGES as M, hasKnownLocation, isHttpUrl, normaliseUrl, providerTypeLabel } from '@solar/shared/constants/providers';
import { SITE_NAME } from '@solar/shared/constants/seo';
import { absoluteUrl, isThinProfile, metaDescription } from '@solar/shared/domain/seo';
import { breadcrumbs } from '../../../lib/render/json-ld';
import type { PageHandle, PageHead } from '../../../lib/render/page-handle';
import { isNotFound, providerOptions } from '../api/get-provider';

const UK: Place = { '@type': 'Country', name: 'United Kingdom' };

/** Where the provider works: the UK when countrywide, else the circle of its service radius, else its place. */
function areaServed(p: Provider): Place | GeoCircle {
  if (p.serviceRadius === -1) return UK;
  if (p.coordinates && p.serviceRadius && p.serviceRadius > 0) {
    return {
      '@type': 'GeoCircle',
      geoMidpoint: { '@type': 'GeoCoordinates', latitude: p.coordinates.lat, longitude: p.coordinates.lng },
      geoRadius: p.serviceRadius * 1000, // metres
    };
  }
  return hasKnownLocation(p.location) ? { '@type': 'Place', name: p.location } : UK;
}

/**
 * The business (schema.org LocalBusiness when it has a place, else Organization): what the public
 * profile shows, without the contact email and phone, which may be a person's.
 */
function business(p: Provider, url: string, logo: string | null): WithContext<LocalBusiness> | WithContext<Organization> {
  const name = p.businessName || M.unclaimedName;
  const links = [p.website, p.linkedin, p.twitter, p.facebook].map((v) => (v ? normaliseUrl(v) : '')).filter(isHttpUrl);
  const common = {
    '@id': `${url}#business`,
    name,
    url,
    ...(p.description.trim() && { description: p.description.trim() }),
    ...(logo && { logo, image: logo }),
    ...(links.length && { sameAs: links }),
    areaServed: areaServed(p),
    ...(p.services.length && {
      hasOfferCatalog: {
        '@type': 'OfferCatalog' as const,
        name: 'Services',
        itemListElement: p.services.map((service) => ({ '@type': 'Offer' as const, itemOffered: { '@type': 'Service' as const, name: service } })),
      },
    }),
    ...((p.technologies.length || p.certifications.length) && { knowsAbout: [...p.technologies, ...p.certifications] }),
    ...ratingOf(p),
  };
  if (!hasKnownLocation(p.location)) return { '@context': 'https://schema.org', '@type': 'Organization', ...common };
  return {
    '@context': 'https://schema.org',
    '@type': 'LocalBusiness',
    ...common,
    address: { '@type': 'PostalAddress', addressLocality: p.location, addressCountry: 'GB' },
    ...(p.coordinates && { geo: { '@type': 'GeoCoordinates', latitude: p.coordinates.lat, longitude: p.coordinates.lng } }),
  };
}

/**
 * The rating (decision 0480): only from published reviews tied to completed work on the platform,
 * never typed, and only when there is one; with the newest reviews as `Review` items.
 */
function ratingOf(p: Provider): { aggregateRating?: AggregateRating; review?: SchemaReview[] } {
  const rating = p.trust.rating;
  if (!rating || rating.count === 0) return {};
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: rating.average, reviewCount: rating.count, bestRating: 5, worstRating: 1 },
    review: p.trust.reviews.map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.authorName },
      datePublished: r.createdAt.slice(0, 10),
      reviewBody: r.body,
      reviewRating: { '@type': 'Rating', ratingValue: r.overall, bestRating: 5, worstRating: 1 },
    })),
  };
}

/** One sentence from what the profile holds, when it has no description of its own. */
function summary(p: Provider, name: string): string {
  const type = providerTypeLabel(p.type);
  const what = type === M.unknownType ? 'A solar service provider' : `A ${type.toLowerCase()}`;
  const where = hasKnownLocation(p.location) ? ` based in ${p.location}` : ' in the UK';
  const services = p.services.length ? ` Services: ${p.services.join(', ')}.` : '';
  const technologies = p.technologies.length ? ` Technologies: ${p.technologies.join(', ')}.` : '';
  return `${name}: ${what}${where}.${services}${technologies}`;
}

/** /providers/{id} (decision 0370): the profile, its business as JSON-LD; a thin unclaimed profile is not indexed. */
export const handle: PageHandle = {
  reads: ['providers'],
  prefetch: async ({ prefetch, params }) => {
    if (params.id && params.id !== 'new') await prefetch(providerOptions(params.id));
  },
  head: ({ queryClient, params, publicUrl }): PageHead => {
    const id = params.id ?? '';
    const options = providerOptions(id);
    const p = queryClient.getQueryData(options.queryKey);
    if (!p) {
      const error = queryClient.getQueryState(options.queryKey)?.error;
      if (error && !isNotFound(error)) throw error; // the shell, and the browser tries again
      if (error || id === 'new') {
        return { title: `${M.providerNotFound} | ${SITE_NAME}`, description: M.providerNotFound, noindex: true, status: error ? 404 : undefined };
      }
      return { title: `Provider profile | ${SITE_NAME}`, description: 'A solar service provider on Solar Marketplace.', noindex: true };
    }
    const name = p.businessName || M.unclaimedName;
    const type = providerTypeLabel(p.type);
    const path = `/providers/${p.slug || p.id}`;
    const url = absoluteUrl(publicUrl, path);
    const logo = p.logo && !PLACEHOLDER_LOGO_PATTERN.test(p.logo) ? absoluteUrl(publicUrl, p.logo) : null;
    const place = hasKnownLocation(p.location) ? ` in ${p.location}` : '';
    return {
      title: `${name} – ${type === M.unknownType ? 'Solar services' : type}${place} | ${SITE_NAME}`,
      description: metaDescription(p.description.trim() || summary(p, name)),
      canonical: path,
      ...(logo && { image: { url: logo, alt: `${name} logo` } }),
      noindex: isThinProfile(p),
      jsonLd: [
        business(p, url, logo),
        breadcrumbs(publicUrl, [
          ['Home', '/'],
          ['Providers', '/providers'],
          [name, path],
        ]),
      ],
    };
  },
};
