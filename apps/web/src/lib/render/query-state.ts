import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';

/** The element the server writes the dehydrated query cache into: JSON, never run (CSP-safe). */
export const QUERY_STATE_ID = 'query-state';

/**
 * The query cache a page was rendered from, as JSON safe inside a script element (`<` escaped, so
 * no text in it can close the element). Only answers go: a query that failed renders as loading on
 * both sides (TanStack Query retries a failed query when a component mounts), and the browser asks
 * again, as it did before pages were rendered on the server.
 */
export function dehydrateText(queryClient: QueryClient): string {
  return JSON.stringify(dehydrate(queryClient)).replace(/</g, '\\u003c');
}

/** Reads the server's query cache into the browser's; false when the page was not server-rendered. */
export function hydrateFromDocument(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(QUERY_STATE_ID);
  if (!element?.textContent) return false;
  try {
    hydrate(queryClient, JSON.parse(element.textContent) as DehydratedState);
  } catch {
    return false;
  }
  return true;
}
