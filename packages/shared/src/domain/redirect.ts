const BASE = 'http://same-site.invalid';

/** C0 controls (tab, CR and LF included: URL parsers drop them silently), DEL, C1 controls, bidi and zero-width format characters. */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/;

/** Percent-decoding until nothing changes (at most a few rounds), or null when it is malformed. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return null;
}

/** A path that a browser, a router or a server decoding it might read as another origin. */
const leavesSite = (path: string) => path.startsWith('//') || path.includes('\\') || INVISIBLE.test(path);

/** A `.` or `..` segment left after decoding (`/a/%2e%2e%2f%2fevil.example`), which a decoding server would resolve. */
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

/**
 * A `redirect` or return path taken from an address or a request (the sign-in and sign-up pages,
 * email verification's return path) accepts only same-site relative paths
 * (docs/security.md#access-control; docs/product/accounts.md#redirects). The value is normalised
 * before it is checked, as a browser would read it: dot segments resolved (`/..//evil.example` is
 * `//evil.example`), percent-encoding decoded (`/%2F%2Fevil.example`, `/%5Cevil.example`), and
 * tabs, newlines, other controls, backslashes and bidi or zero-width characters refused outright.
 * Anything that is not a same-site path after that falls back to `fallback` (`/`). The answer is a
 * fixed point: checking it again gives it back unchanged.
 */
export function safeRedirect(value: string | null | undefined, fallback = '/'): string {
  if (!value || value.length > 2048) return fallback;
  if (!value.startsWith('/') || leavesSite(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const decodedPath = fullyDecoded(url.pathname);
  if (decodedPath === null || leavesSite(url.pathname) || leavesSite(decodedPath) || DOT_SEGMENT.test(decodedPath)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `/auth?redirect=` + the encoded path and query of the page the visitor wanted. */
export const signInPath = (base: '/auth' | '/login' | '/auth/register' | '/register', target: string) =>
  `${base}?redirect=${encodeURIComponent(target)}`;
