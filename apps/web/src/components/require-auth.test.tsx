import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { sessionKeys } from '../lib/session/get-me';
import { renderWithProviders } from '../test/render';
import { RequireAuth } from './require-auth';

const SIGN_IN_PAGES = [
  { path: '/auth', element: <p>sign-in page</p> },
  { path: '/login', element: <p>login page</p> },
];

describe('RequireAuth', () => {
  it('sends a signed-out visitor to the sign-in page with the encoded path and query', async () => {
    const client = new QueryClient();
    client.setQueryData(sessionKeys.me, null);
    const { router } = renderWithProviders(
      <RequireAuth redirectTo="/auth">
        <p>secret</p>
      </RequireAuth>,
      { path: '/providers/abc/quote?service=Cleaning', client, routes: SIGN_IN_PAGES },
    );
    expect(await screen.findByText('sign-in page')).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent('/providers/abc/quote?service=Cleaning')}`);
  });

  it('renders the page for a signed-in user', async () => {
    const client = new QueryClient();
    client.setQueryData(sessionKeys.me, { id: '1', name: 'A', email: 'a@b.co', phone: null, company: 'C', type: 'provider', is_admin: false, createdAt: '' });
    renderWithProviders(
      <RequireAuth redirectTo="/login">
        <p>secret</p>
      </RequireAuth>,
      { path: '/provider-create', client, routes: SIGN_IN_PAGES },
    );
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });
});
