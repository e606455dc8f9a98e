import { useEffect, useState } from 'react';
import { safeRedirect } from '@solar/shared/domain/redirect';

/** What a mailed link carries in its fragment: the token, and (verification links) the page to return to. */
export interface LinkFragment {
  token: string;
  /** A same-site path checked by `safeRedirect`, or '' (issue 28 item 7). */
  next: string;
}

function readFragment(hash: string): LinkFragment {
  const token = /[#&]token=([\w-]+)/.exec(hash)?.[1] ?? '';
  const raw = /[#&]next=([^&]*)/.exec(hash)?.[1];
  let next = '';
  if (raw) {
    try {
      next = safeRedirect(decodeURIComponent(raw), '');
    } catch {
      next = '';
    }
  }
  return { token, next };
}

/**
 * Reset and verification links carry their token in the fragment (never sent to a server, nor in
 * a Referer header; decisions 0106, 0337). Rendering only reads it, so a render React throws away
 * (a lazy chunk still loading) reads it again; once the page has committed, the fragment is removed
 * from the address.
 */
export function useLinkFragment(): LinkFragment {
  const [fragment] = useState(() => readFragment(window.location.hash));
  useEffect(() => {
    if (fragment.token && window.location.hash) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, [fragment.token]);
  return fragment;
}

export const useTokenFromHash = (): string => useLinkFragment().token;
