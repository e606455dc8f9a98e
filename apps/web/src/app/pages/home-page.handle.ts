import type { Organization, WebSite, WithContext } from 'schema-dts';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, SITE_NAME } from '@solar/shared/constants/seo';
import { absoluteUrl } from '@solar/shared/domain/seo';
import type { PageHandle } from '../../lib/render/page-handle';

/** / (decision 0370): the site itself, and the marketplace as an organisation. */
export const handle: PageHandle = {
  reads: [],
  head: ({ publicUrl }) => {
    const home = absoluteUrl(publicUrl, '/');
    const site: WithContext<WebSite> = { '@context': 'https://schema.org', '@type': 'WebSite', '@id': `${home}#website`, name: SITE_NAME, url: home, inLanguage: 'en-GB' };
    const organisation: WithContext<Organization> = {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      '@id': `${home}#organization`,
      name: SITE_NAME,
      url: home,
      logo: absoluteUrl(publicUrl, '/logo.svg'),
      areaServed: { '@type': 'Country', name: 'United Kingdom' },
    };
    return { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, canonical: '/', jsonLd: [site, organisation] };
  },
};
