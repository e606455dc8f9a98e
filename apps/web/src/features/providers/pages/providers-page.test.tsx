import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { PAGING } from '@solar/shared/constants/ui';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { ProvidersPage } from './providers-page';

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

function renderDirectory(
  path: string,
  answer: (query: URLSearchParams) => Response,
  options: { signedIn?: boolean; invite?: (body: Record<string, string>) => Response } = {},
) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/providers/search') return answer(u.searchParams);
    if (u.pathname === '/api/services') return json(200, { services: [] });
    if (u.pathname === '/api/auth/me' && options.signedIn) return json(200, { success: true, data: ME });
    if (u.pathname === '/api/providers/invitations' && options.invite)
      return options.invite(JSON.parse(String(init?.body)));
    return json(401, { success: false, message: 'Not signed in' });
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter([{ path: '/providers', element: <ProvidersPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const searches = () =>
    fetch.mock.calls
      .map(([url]) => new URL(url, 'http://x'))
      .filter((u) => u.pathname === '/api/providers/search')
      .map((u) => u.searchParams);
  return { router, searches };
}

const card = (name: string, distanceKm: number | null) => ({
  id: name,
  slug: name.toLowerCase().replace(/ /g, '-'),
  userId: null,
  businessName: name,
  type: 'O&M Provider',
  logo: null,
  location: 'Bristol',
  serviceRadius: 30,
  services: ['Panel Cleaning'],
  claimed: false,
  claimApproved: false,
  rating: null,
  verifiedAccreditations: [],
  website: null,
  phone: null,
  email: null,
  coordinates: null,
  distanceKm,
});

const list = (total: number, page: number) =>
  json(200, { success: true, data: [], pagination: { page, pages: Math.ceil(total / 9), total } });

afterEach(() => vi.unstubAllGlobals());

describe('the directory list (issue 19)', () => {
  it("a page past the end shows '3,787 providers' and the way to the last page, not 'No providers found' (decisions 0351, 0354)", async () => {
    renderDirectory('/providers?page=999&services=Panel+Cleaning', () => list(3787, 999));
    expect(await screen.findByRole('heading', { name: PAGING.pastTheEnd })).toBeInTheDocument();
    expect(screen.getByText('3,787 providers')).toBeInTheDocument();
    expect(screen.queryByText(/No providers found/)).toBeNull();
    expect(screen.getByRole('link', { name: PAGING.lastPage(421) })).toHaveAttribute(
      'href',
      '/providers?page=421&services=Panel+Cleaning',
    );
  });

  it("one provider is '1 provider'", async () => {
    renderDirectory('/providers', () =>
      json(200, { success: true, data: [], pagination: { page: 1, pages: 1, total: 1 } }),
    );
    expect(await screen.findByText('1 provider')).toBeInTheDocument();
  });

  it('garbage in every parameter of the address is dropped before the search, and the address is cleaned (decision 0352)', async () => {
    const long = 'x'.repeat(300);
    const { router, searches } = renderDirectory(
      `/providers?services=${long}&companies=&types=${long}&technologies=Solar+PV&location=${long}&locationCenter=abc&radius=-3&sort=sideways&page=-1`,
      () => json(200, { success: true, data: [], pagination: { page: 1, pages: 1, total: 0 } }),
    );
    await waitFor(() => expect(searches().length).toBeGreaterThan(0));
    expect(searches().map((q) => q.toString())).toEqual(['technologies=Solar+PV']);
    await waitFor(() => expect(router.state.location.search).toBe('?technologies=Solar+PV'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("offers 'Nearest first' only with a location, where it is the order without asking (the server's with no sort), and shows each card's distance (decisions 0361, 0502)", async () => {
    const { searches } = renderDirectory('/providers', () => list(0, 1));
    const sort = await screen.findByLabelText('Sort');
    expect(within(sort).queryByRole('option', { name: 'Nearest first' })).toBeNull();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';

    const located = renderDirectory(
      '/providers?location=Bristol&locationCenter=-2.5879,51.4545&radius=50',
      () =>
        json(200, {
          success: true,
          data: [card('Near Cleaners', 2.34), card('Far Cleaners', 40)],
          pagination: { page: 1, pages: 1, total: 5 },
        }),
    );
    expect(await screen.findByText('2.3 km away')).toBeInTheDocument();
    expect(screen.getByText('40 km away')).toBeInTheDocument();
    expect(screen.getByLabelText('Sort')).toHaveValue('distance');
    expect(within(screen.getByLabelText('Sort')).getByRole('option', { name: 'Nearest first' })).toBeInTheDocument();
    expect(located.searches().at(-1)?.has('sort')).toBe(false);
    expect(searches().every((q) => !q.has('sort'))).toBe(true);
    // The spec's default order is one choice away and is then asked for by name.
    fireEvent.change(screen.getByLabelText('Sort'), { target: { value: 'default' } });
    await waitFor(() => expect(located.searches().at(-1)?.get('sort')).toBe('default'));
    expect(screen.getByLabelText('Sort')).toHaveValue('default');
  });

  it('says honestly when no provider offers a service nearby, offers a wider radius, and asks visitors to sign in to invite one (decision 0360)', async () => {
    const { searches } = renderDirectory(
      '/providers?services=Panel+Cleaning&location=Bristol&locationCenter=-2.5879,51.4545&radius=50',
      (q) =>
        q.get('radius') === '100'
          ? json(200, { success: true, data: [card('Far Cleaners', 60)], pagination: { page: 1, pages: 1, total: 1 } })
          : list(0, 1),
    );
    expect(
      await screen.findByRole('heading', { name: 'No providers offer Panel Cleaning within 50 km yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: M.inviteSignIn })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/login\?redirect=%2Fproviders%3F/),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Search within 100 km' }));
    expect(
      await screen.findByRole('heading', { name: 'Only 1 provider offers Panel Cleaning within 100 km so far.' }),
    ).toBeInTheDocument();
    expect(searches().at(-1)?.get('radius')).toBe('100');
  });

  it('a signed-in user invites a company by email, checked with the server schema first, and sees the server’s refusal', async () => {
    const sent: Array<Record<string, string>> = [];
    renderDirectory('/providers?services=Panel+Cleaning', () => list(0, 1), {
      signedIn: true,
      invite: (body) => {
        sent.push(body);
        return sent.length === 1
          ? json(201, { success: true, message: M.inviteSent(body.email!) })
          : json(409, { success: false, message: M.inviteRecent });
      },
    });
    const send = await screen.findByRole('button', { name: 'Send invitation' });
    fireEvent.click(send);
    expect(await screen.findByText(M.inviteNameRequired)).toBeInTheDocument();
    expect(screen.getByText(M.inviteEmailRequired)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Company or contact name'), { target: { value: 'Bristol Panel Care' } });
    fireEvent.change(screen.getByLabelText('Their email address'), { target: { value: 'hello@panelcare.example' } });
    fireEvent.click(send);
    expect(await screen.findByText(M.inviteSent('hello@panelcare.example'))).toBeInTheDocument();
    expect(sent[0]).toMatchObject({
      name: 'Bristol Panel Care',
      email: 'hello@panelcare.example',
      service: 'Panel Cleaning',
    });
    fireEvent.change(screen.getByLabelText('Company or contact name'), { target: { value: 'Bristol Panel Care' } });
    fireEvent.change(screen.getByLabelText('Their email address'), { target: { value: 'hello@panelcare.example' } });
    fireEvent.click(send);
    expect(await screen.findByRole('alert')).toHaveTextContent(M.inviteRecent);
  });
});
