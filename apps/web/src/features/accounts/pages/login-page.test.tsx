import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@solar/shared/contracts/accounts';
import { sessionKeys } from '../../../lib/session/get-me';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';

const me: CurrentUser = { id: 'u1', name: 'Ann', email: 'ann@acme-solar.co.uk', phone: null, company: 'Acme', type: 'provider', is_admin: false, createdAt: '', emailVerified: true };

function renderAt(path: string, user: CurrentUser | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionKeys.me, user);
  const router = createMemoryRouter(
    [
      { path: '/auth', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '*', element: <p>landed</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// Issue 25, finding 13: '/..//evil.example' became '//evil.example' and was handed to the router.
describe.each(['/..//evil.example', '/%2F%2Fevil.example', '/\t/evil.example', '/\\evil.example'])('the sign-in page with redirect=%j', (target) => {
  const path = `/auth?redirect=${encodeURIComponent(target)}`;

  it('renders the form as usual, its links carrying the home page instead', async () => {
    renderAt(path, null);
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register?redirect=%2F');
  });

  it('sends a signed-in user to the home page of this site', async () => {
    const router = renderAt(path, me);
    expect(await screen.findByText('landed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});
