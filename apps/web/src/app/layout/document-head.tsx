import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE } from '@solar/shared/constants/seo';
import { config } from '../../lib/config';
import { applyHead, headTags } from '../../lib/render/head-tags';
import { isPageHandle, type PageHead } from '../../lib/render/page-handle';
import { QUERY_STATE_ID } from '../../lib/render/query-state';

const SHELL_HEAD: PageHead = { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION };

/**
 * Keeps the document's title, description, canonical, preview tags and JSON-LD those of the page
 * shown, as the server rendered them (decision 0370): on navigation, and as the page's data
 * arrives or changes in the query cache. Pages without a handle get the shell's title.
 */
export function DocumentHead() {
  const matches = useMatches();
  const location = useLocation();
  const queryClient = useQueryClient();
  const applied = useRef('');
  // The address the server rendered, head included: until its page module has loaded (the handle
  // arrives with it), its head is already right and is left alone.
  const rendered = useRef(typeof document !== 'undefined' && document.getElementById(QUERY_STATE_ID) ? `${location.pathname}${location.search}` : null);

  useEffect(() => {
    const match = [...matches].reverse().find((m) => isPageHandle(m.handle));
    const handle = match && isPageHandle(match.handle) ? match.handle : null;
    if (!handle && rendered.current === `${location.pathname}${location.search}`) return;
    rendered.current = null;
    const url = new URL(`${location.pathname}${location.search}`, window.location.origin);
    const update = () => {
      let head = SHELL_HEAD;
      try {
        if (handle && match) head = handle.head({ queryClient, params: match.params, url, publicUrl: config.publicUrl });
      } catch (error) {
        console.error('Page head failed', error);
      }
      const tags = headTags(head, config.publicUrl);
      const key = JSON.stringify(tags);
      if (key === applied.current) return;
      applied.current = key;
      applyHead(tags);
    };
    update();
    return handle ? queryClient.getQueryCache().subscribe(update) : undefined;
  }, [matches, location.pathname, location.search, queryClient]);
  return null;
}
