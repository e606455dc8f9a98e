/**
 * What public pages tell search engines and link previews (issue 20, decision 0370): the site's
 * name, the fallback title, description and preview card, the length a description is cut to, the
 * sitemap's page size and the paths crawlers are kept out of.
 */
export const SITE_NAME = 'Solar Marketplace';

/** The shell's title and description (index.html), kept for pages that are not server-rendered. */
export const DEFAULT_TITLE = 'Solar Marketplace – Find the right solar partner';
export const DEFAULT_DESCRIPTION =
  'The UK solar marketplace: find solar service providers, list tenders, search parts and explore every UK renewable project.';

/** Search engines show about 155–160 characters of a description; longer text is cut at a word. */
export const META_DESCRIPTION_MAX = 160;

/** The preview card of pages without an image of their own (a provider's logo is used where set). */
export const SITE_CARD = {
  path: '/og-card.png',
  width: 1200,
  height: 630,
  alt: 'Solar Marketplace: find the right solar partner in the UK',
} as const;

/** At most 50,000 addresses a sitemap file (sitemaps.org); the index lists one file per block. */
export const SITEMAP_MAX_URLS = 50_000;

/** Public pages with no record of their own, listed in the static sitemap. */
export const STATIC_PAGES = ['/', '/providers', '/explore-tenders', '/services/list', '/search-parts', '/asset-intel', '/buyers', '/reviews/policy'] as const;

/**
 * Kept out of crawlers' reach (robots.txt): the API, signed-in areas and the sign-in and sign-up
 * pages. `/auth` also covers `/auth/login` and `/auth/register` (robots.txt matches prefixes).
 */
export const ROBOTS_DISALLOW = [
  '/api/',
  '/dashboard',
  '/admin',
  '/auth',
  '/login',
  '/register',
  '/reset-password',
  '/verify-email',
  '/provider-create',
  '/list-a-tender',
] as const;

/**
 * Rendered HTML kept for visitors (decision 0371): answers per normalised address, dropped when a
 * write changes what the page was made from (decision 0384), and at most a minute old (a tender's status follows
 * the clock, as on the public board, decision 0318).
 */
export const RENDER_CACHE = { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024, ttlMs: 60_000 } as const;

/** A render taking longer than this is abandoned and the app shell is sent instead. */
export const RENDER_TIMEOUT_MS = 5_000;
