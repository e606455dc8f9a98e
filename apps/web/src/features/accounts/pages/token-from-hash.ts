import { useEffect, useState } from 'react';

/**
 * Reset and verification links carry their token in the fragment (never sent to a server, nor in
 * a Referer header; decisions 0106, 0337). Rendering only reads it, so a render React throws away
 * (a lazy chunk still loading) reads it again; once the page has committed, the fragment is removed
 * from the address.
 */
export function useTokenFromHash(): string {
  const [token] = useState(() => /[#&]token=([\w-]+)/.exec(window.location.hash)?.[1] ?? '');
  useEffect(() => {
    if (token && window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, [token]);
  return token;
}
