import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api-client';

/** The element the server writes the dehydrated query cache into: JSON, never run (CSP-safe). */
export const QUERY_STATE_ID = 'query-state';

interface WireError {
  apiError: { message: string; status: number };
}
const isWireError = (value: unknown): value is WireError => typeof value === 'object' && value !== null && 'apiError' in value;

/**
 * The query cache a page was rendered from, as JSON safe inside a script element. Failed queries
 * go too (a 404 renders "not found" on both sides); an API error keeps its message and status,
 * which the pages read (`isNotFound`), and any other error only its message.
 */
export function dehydrateText(queryClient: QueryClient): string {
  const state = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.status === 'success' || query.state.status === 'error',
    shouldRedactErrors: () => false,
  });
  const queries = state.queries.map((query) => {
    const error = query.state.error;
    if (!error) return query;
    const wire: WireError = { apiError: { message: error instanceof Error ? error.message : String(error), status: error instanceof ApiError ? error.status : 0 } };
    return { ...query, state: { ...query.state, error: wire as unknown as Error } };
  });
  return JSON.stringify({ ...state, queries }).replace(/</g, '\\u003c');
}

/** Reads the server's query cache into the browser's; false when the page was not server-rendered. */
export function hydrateFromDocument(queryClient: QueryClient, doc: Document = document): boolean {
  const element = doc.getElementById(QUERY_STATE_ID);
  if (!element?.textContent) return false;
  let state: DehydratedState;
  try {
    state = JSON.parse(element.textContent) as DehydratedState;
  } catch {
    return false;
  }
  const queries = state.queries.map((query) => {
    const error: unknown = query.state.error;
    if (!isWireError(error)) return query;
    const revived = error.apiError.status ? new ApiError(error.apiError.message, error.apiError.status) : new Error(error.apiError.message);
    return { ...query, state: { ...query.state, error: revived } };
  });
  hydrate(queryClient, { ...state, queries });
  return true;
}
