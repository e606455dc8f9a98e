import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { getMe, type CurrentUser } from '@solar/shared/contracts/accounts';

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const userFixture = (overrides: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 'u-owner',
  name: 'Olive Owner',
  email: 'olive@buyer.example.com',
  phone: null,
  company: 'Buyer Ltd',
  type: 'representative',
  is_admin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
  ...overrides,
});

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Renders one route over a stubbed API: `answer` gets each call (method, path, JSON body) and
 * gives the response, or undefined for a 404. The session call answers `me` (null: signed out).
 */
export function renderWithApi(opts: { path: string; route: string; element: ReactElement; me: CurrentUser | null; answer(call: ApiCall): Response | undefined }) {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const u = new URL(url, 'http://x');
      const call = { method: (init?.method ?? 'GET').toUpperCase(), path: u.pathname, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      if (call.path === getMe.path) return opts.me ? json(200, { success: true, data: opts.me }) : json(401, { success: false, message: 'Not signed in' });
      return opts.answer(call) ?? json(404, { success: false, message: 'Not found' });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter([{ path: opts.route, element: opts.element }], { initialEntries: [opts.path] })} />
    </QueryClientProvider>,
  );
  return calls;
}
