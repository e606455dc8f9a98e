import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { dehydrateText, hydrateFromDocument, QUERY_STATE_ID } from './query-state';

describe('the query cache a page was rendered from (decision 0370)', () => {
  it('goes into a script element as JSON no text can break out of, and comes back whole', async () => {
    const server = new QueryClient();
    await server.prefetchQuery({ queryKey: ['providers', 'detail', 'x'], queryFn: () => ({ name: '</script><script>alert(1)</script>' }) });
    await server.prefetchQuery({ queryKey: ['failed'], queryFn: () => Promise.reject(new Error('no')), retry: false });
    const text = dehydrateText(server);
    expect(text).not.toContain('<');
    document.body.innerHTML = `<script id="${QUERY_STATE_ID}" type="application/json">${text}</script>`;
    const browser = new QueryClient();
    expect(hydrateFromDocument(browser)).toBe(true);
    expect(browser.getQueryData(['providers', 'detail', 'x'])).toEqual({ name: '</script><script>alert(1)</script>' });
    // A failed query is asked again by the browser, not carried over.
    expect(browser.getQueryState(['failed'])).toBeUndefined();
  });

  it('a page without the element was not rendered on the server', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(hydrateFromDocument(new QueryClient())).toBe(false);
  });
});
