/**
 * Reset and verification links carry their token in the fragment (never sent to a server, nor in
 * a Referer header; decisions 0106, 0337): read it once and remove it from the address.
 */
export function takeTokenFromHash(): string {
  if (typeof window === 'undefined') return '';
  const match = /[#&]token=([\w-]+)/.exec(window.location.hash);
  if (!match) return '';
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  return match[1]!;
}
