import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InviteProviders } from './invite-providers';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const ME = {
  id: 'u1',
  name: 'Asha',
  email: 'asha@avon.example',
  phone: null,
  company: 'Avon',
  type: 'representative',
  is_admin: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  emailVerified: true,
};

afterEach(() => vi.unstubAllGlobals());

function renderList(onWiden: (km: number) => void, onSubmit: () => void) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const path = new URL(url, 'http://x').pathname;
      if (path === '/api/auth/me') return json(200, { success: true, data: ME });
      if (path === '/api/providers/invitations')
        return json(201, { success: true, message: 'Invitation sent to hello@care.example.' });
      return json(200, { success: true, data: [], pagination: { page: 1, pages: 1, total: 0 } });
    }),
  );
  const element = (
    // The list sits inside the tender's own form on the list-a-tender page.
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <InviteProviders
        service="Panel Cleaning"
        location="Bristol, City of Bristol"
        latitude={51.4545}
        longitude={-2.5879}
        radius={50}
        invited={{}}
        onToggle={() => undefined}
        onWiden={onWiden}
      />
    </form>
  );
  const router = createMemoryRouter([{ path: '/list-a-tender', element }], { initialEntries: ['/list-a-tender'] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('a private tender with few providers (issue 19, decision 0360)', () => {
  it("says 'No providers offer Panel Cleaning within 50 km yet', widens the radius, and invites without submitting the tender", async () => {
    const onWiden = vi.fn();
    const onSubmit = vi.fn();
    const calls = renderList(onWiden, onSubmit);
    expect(
      await screen.findByRole('heading', { name: 'No providers offer Panel Cleaning within 50 km yet' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Search within 100 km' }));
    expect(onWiden).toHaveBeenCalledWith(100);

    fireEvent.change(await screen.findByLabelText('Company or contact name'), {
      target: { value: 'Bristol Panel Care' },
    });
    const email = screen.getByLabelText('Their email address');
    fireEvent.change(email, { target: { value: 'hello@care.example' } });
    // Enter in the invitation sends the invitation, never the tender form around it.
    fireEvent.keyDown(email, { key: 'Enter' });
    expect(await screen.findByText('Invitation sent to hello@care.example.')).toBeInTheDocument();
    expect(calls.some((u) => u.includes('/api/providers/invitations'))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
