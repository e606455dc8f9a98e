import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/** A JSON answer as the API sends one, for a stubbed `fetch`. */
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A query client for one test: a failed call fails at once, not after retries. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

/**
 * Renders `ui` at every path of a memory router (starting at `path`) inside a query client;
 * `routes` are further pages it may navigate to (a sign-in page, say). Returns both, to inspect.
 */
export function renderWithProviders(ui: ReactNode, { path = '/', client = testQueryClient(), routes = [] }: { path?: string; client?: QueryClient; routes?: RouteObject[] } = {}) {
  const router = createMemoryRouter([{ path: '*', element: ui }, ...routes], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, client };
}
