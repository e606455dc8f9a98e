import { META_DESCRIPTION_MAX } from '../constants/seo';

/**
 * A profile too thin to be worth a search result (issue 20): unclaimed, with neither services nor
 * a description, as most profiles seeded from the planning database are until their company
 * claims them. Such profiles are still rendered and shared, but carry `noindex` and stay out of
 * the sitemap. The sitemap's SQL mirrors this rule (providers.repository.ts, `listIndexableProviders`).
 */
export function isThinProfile(provider: { claimed: boolean; services: readonly string[]; description: string }): boolean {
  return !provider.claimed && provider.services.length === 0 && provider.description.trim() === '';
}

/** Text for a meta description: whitespace collapsed, cut at a word within the limit, with an ellipsis. */
export function metaDescription(text: string, max = META_DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

/** An absolute address on the public site (never built from a request's Host header). */
export function absoluteUrl(publicUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${publicUrl.replace(/\/$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The query of an address with only `keys`, in that order, empty values dropped: one canonical
 * form for a filtered list, whatever order or extra parameters the visitor's address had.
 */
export function canonicalSearch(params: URLSearchParams, keys: readonly string[]): string {
  const out = new URLSearchParams();
  for (const key of keys) for (const value of params.getAll(key)) if (value.trim()) out.append(key, value.trim());
  const text = out.toString();
  return text ? `?${text}` : '';
}
