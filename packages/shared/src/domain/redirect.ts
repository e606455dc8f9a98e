/**
 * The `redirect` query of the sign-in and sign-up pages accepts only same-site relative paths
 * (docs/security.md#access-control; docs/product/accounts.md#redirects): anything else — absolute URLs, protocol-relative `//host`,
 * backslash tricks, control characters, `javascript:` — falls back to `/`.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (value.includes('\\') || [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return fallback;
  try {
    const base = 'http://same-site.invalid';
    const url = new URL(value, base);
    if (url.origin !== base) return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}

/** `/auth?redirect=` + the encoded path and query of the page the visitor wanted. */
export const signInPath = (base: '/auth' | '/login' | '/auth/register' | '/register', target: string) =>
  `${base}?redirect=${encodeURIComponent(target)}`;
