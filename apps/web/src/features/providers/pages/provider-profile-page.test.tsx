import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_MESSAGES as M, SERVICE_RADIUS_SAVE_DEBOUNCE_MS } from '@solar/shared/constants/providers';
import type { Provider } from '@solar/shared/contracts/providers';
import { Toaster } from '../../../components/ui/toaster';
import { ProviderProfilePage } from './provider-profile-page';

/**
 * The profile as its owner, a claimant and a visitor see it (issue 19, "The directory, screen by
 * screen"; decisions 0365, 0366, 0368, 0369). The API is faked at fetch; the real page renders.
 */

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const OWNER = { id: 'u-owner', name: 'Olivia', email: 'o@acme-solar.co.uk', company: 'Acme', type: 'provider', is_admin: false, createdAt: '' };
const OTHER = { ...OWNER, id: 'u-other', name: 'Cara' };

function profile(overrides: Partial<Provider> = {}): Provider {
  return {
    id: 'p-1',
    slug: 'acme-solar',
    userId: OWNER.id,
    businessName: 'Acme Solar',
    description: 'We clean panels across Yorkshire.',
    type: 'O&M Provider',
    services: ['Panel Cleaning'],
    expertise: [],
    technologies: ['Solar PV'],
    scale: [],
    phase: [],
    certifications: [],
    industryAssociations: [],
    location: 'Leeds, West Yorkshire',
    latitude: 53.8,
    longitude: -1.55,
    serviceRadius: 50,
    logo: null,
    coverImage: null,
    website: null,
    phone: null,
    email: null,
    linkedin: null,
    twitter: null,
    facebook: null,
    claimed: true,
    claimApproved: true,
    rating: null,
    verifiedAccreditations: [],
    trust: { companyNumber: null, companyCheck: null, accreditations: [], rating: null, reviews: [], responseTime: null, publicContracts: [], publicContractCount: 0, madeFromAward: false },
    mediaFiles: [],
    user: { name: 'Olivia' },
    claims: [],
    viewerClaim: null,
    ...overrides,
  } as Provider;
}

type Handler = (method: string, path: string, body: unknown) => Response | Promise<Response> | undefined;

function renderProfile({ me, provider, handle }: { me: typeof OWNER | null; provider: Provider; handle?: Handler }) {
  const calls: Array<{ method: string; path: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://x').pathname;
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') calls.push({ method, path, body });
      const handled = await handle?.(method, path, body);
      if (handled) return handled;
      if (path === '/api/auth/me') return me ? json(200, { success: true, data: me }) : json(401, { success: false, message: 'Not signed in' });
      if (path === '/api/providers/acme-solar') return json(200, provider);
      return json(404, { success: false, message: 'not found' });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/providers/:id', element: <ProviderProfilePage renderMap={() => null} /> }], {
    initialEntries: ['/providers/acme-solar'],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { calls };
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The section editors load on first use (decision 0540): their first import in a test run may take a while. */
const LAZY = { timeout: 10_000 };
const section = (title: string) => screen.getByRole('heading', { name: title, level: 2 }).closest('div.rounded-lg') as HTMLElement;

describe('the provider profile, screen by screen (issue 19)', () => {
  it("a claimant whose claim awaits review sees 'Claim pending review', not the claim button", async () => {
    renderProfile({
      me: OTHER,
      provider: profile({ userId: null, claimApproved: false, viewerClaim: { status: 'pending', kind: 'claim', createdAt: '' } }),
    });
    expect(await screen.findByText(M.claimPending)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim this profile' })).toBeNull();
    // Already claimed by them: no invitation to claim.
    expect(screen.queryByRole('heading', { name: M.claimInviteTitle })).toBeNull();
  });

  it("the owner sees no 'Request Quote' on their own profile; anyone else does", async () => {
    renderProfile({ me: OWNER, provider: profile() });
    expect(await screen.findByRole('button', { name: 'Edit name and type' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Quote' })).toBeNull();
  });

  it('an edit shows at once and is rolled back with the error toast when the server refuses it', async () => {
    let refuse!: (r: Response) => void;
    const { calls } = renderProfile({
      me: OWNER,
      provider: profile(),
      handle: (method) => (method === 'PATCH' ? new Promise<Response>((resolve) => (refuse = resolve)) : undefined),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit About' }));
    const box = await screen.findByLabelText('About', {}, LAZY);
    await user.clear(box);
    await user.type(box, 'Drone surveys and cleaning.');
    await user.click(within(section('About')).getByRole('button', { name: 'Save' }));
    // Applied before the server answers, the editor closed.
    expect(await screen.findByText('Drone surveys and cleaning.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit About' })).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'PATCH', path: '/api/providers/acme-solar', body: { description: 'Drone surveys and cleaning.' } }]);
    await act(async () => refuse(json(500, { success: false, message: 'Database unavailable' })));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(screen.getByText('We clean panels across Yorkshire.')).toBeInTheDocument();
    expect(screen.queryByText('Drone surveys and cleaning.')).toBeNull();
  });

  it('the About editor counts characters and refuses over 5,000 before sending', async () => {
    const { calls } = renderProfile({ me: OWNER, provider: profile() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit About' }));
    const box = await screen.findByLabelText('About', {}, LAZY);
    await user.clear(box);
    await user.click(box);
    await user.paste('x'.repeat(5_001));
    expect(screen.getByText('5,001 / 5,000 characters')).toBeInTheDocument();
    await user.click(within(section('About')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Description can be at most 5,000 characters')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it("a service over 200 characters is refused in the editor with the server's sentence", async () => {
    const { calls } = renderProfile({ me: OWNER, provider: profile() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Services' }));
    await user.click(await screen.findByLabelText('Add to Services', {}, LAZY));
    await user.paste('x'.repeat(201));
    await user.click(within(section('Services')).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Each service can be at most 200 characters')).toBeInTheDocument();
    await user.click(within(section('Services')).getByRole('button', { name: 'Save' }));
    expect(calls).toEqual([]);
  });

  it("the radius is saved once typing stops (150 is one save); -5 and '1e3' are refused; countrywide off says no '0 km'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = renderProfile({
      me: OWNER,
      provider: profile(),
      handle: (method, _path, body) => (method === 'PATCH' ? json(200, profile(body as Partial<Provider>)) : undefined),
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(await screen.findByRole('button', { name: 'Edit Service Area' }));
    const km = await screen.findByLabelText('Service radius (km)');
    await user.clear(km);
    await user.type(km, '150');
    expect(calls).toEqual([]);
    await act(async () => vi.advanceTimersByTime(SERVICE_RADIUS_SAVE_DEBOUNCE_MS + 50));
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ serviceRadius: 150 }]));
    for (const bad of ['-5', '1e3']) {
      await user.clear(km);
      await user.type(km, bad);
      expect(screen.getByText(M.radiusPositive)).toBeInTheDocument();
      await act(async () => vi.advanceTimersByTime(SERVICE_RADIUS_SAVE_DEBOUNCE_MS + 50));
    }
    expect(calls).toHaveLength(1);
    await user.click(screen.getByRole('switch', { name: 'Countrywide coverage' }));
    expect(await screen.findByText(M.countrywide)).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Countrywide coverage' }));
    expect(await screen.findByText(M.countrywideOff)).toBeInTheDocument();
    expect(screen.queryByText('Updated service radius to 0 km')).toBeNull();
  });

  it('an address typed without choosing a suggestion is not saved as the old one: Save says why', async () => {
    const { calls } = renderProfile({
      me: OWNER,
      provider: profile(),
      handle: (_m, path) => (path === '/api/geocode' ? json(200, { features: [] }) : undefined),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Address' }));
    const input = await screen.findByRole('combobox', { name: 'Location' });
    await user.clear(input);
    await user.type(input, 'Nowhereville');
    await user.click(within(section('Address')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(M.chooseLocation)).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('an unclaimed profile hides its empty sections and invites the owner to claim and complete it', async () => {
    renderProfile({
      me: null,
      provider: profile({ userId: null, claimed: false, claimApproved: false, description: '', services: [], technologies: [], serviceRadius: 0 }),
    });
    expect(await screen.findByRole('heading', { name: M.claimInviteTitle })).toBeInTheDocument();
    expect(screen.getByText(M.claimInvite)).toBeInTheDocument();
    expect(screen.queryByText('Not specified')).toBeNull();
    for (const title of ['Services', 'About', 'Technologies', 'Scale', 'Certifications', 'Associated Media', 'Service Area'])
      expect(screen.queryByRole('heading', { name: title })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Contact Information' })).toBeInTheDocument();
  });

  it("a visitor reads a claimed profile's empty details in one card after the filled ones; its owner keeps a card for each to fill in", async () => {
    const trust = { ...profile().trust, companyNumber: '01234567', rating: { average: 4.7, count: 3, quality: 5, value: 4.3, reliability: 4.7 } };
    renderProfile({ me: null, provider: profile({ trust: trust as Provider['trust'] }) });
    expect(await screen.findByRole('heading', { name: M.notGivenTitle })).toBeInTheDocument();
    expect(screen.getByText('This company has not said its scale, phase, certifications or industry associations yet.')).toBeInTheDocument();
    expect(screen.queryByText('Not specified')).toBeNull();
    for (const title of ['Scale', 'Phase', 'Certifications', 'Industry Associations']) expect(screen.queryByRole('heading', { name: title })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Technologies' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Associated Media' })).toBeNull();
    // Filled details come before the empty ones, and the rating is said under the header, linking to the reviews.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Technologies')).toBeLessThan(headings.indexOf(M.notGivenTitle));
    expect(screen.getByTestId('profile-rating-summary')).toHaveTextContent('4.73 verified reviews');
    expect(screen.getByRole('link', { name: '3 verified reviews' })).toHaveAttribute('href', '#reviews');
    expect(screen.getByRole('heading', { name: 'Reviews' }).closest('#reviews')).not.toBeNull();
    // On a phone Services, then the checks, come first (the order the columns dissolve into).
    expect(section('Services').className).toContain('max-lg:-order-3');
    expect(section('Company checks').className).toContain('max-lg:-order-2');
  });

  it('the owner sees every empty detail section as its own card to fill in', async () => {
    renderProfile({ me: OWNER, provider: profile() });
    expect(await screen.findByRole('heading', { name: 'Scale' })).toBeInTheDocument();
    for (const title of ['Phase', 'Certifications', 'Industry Associations']) expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    expect(screen.getAllByText('Not specified')).toHaveLength(4);
    expect(screen.queryByRole('heading', { name: M.notGivenTitle })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Associated Media' })).toBeInTheDocument();
  });

  it("a logo that fails to load shows the fallback, not its alt text; a visitor's 'View All Files' says it needs sign-in", async () => {
    const files = Array.from({ length: 7 }, (_, i) => ({
      id: `f${i}`,
      title: `Report ${i}`,
      type: 'document',
      url: `/uploads/${i}.pdf`,
      thumbnailUrl: null,
      size: 10,
      createdAt: '',
    }));
    renderProfile({ me: null, provider: profile({ logo: '/uploads/missing.png', mediaFiles: files as Provider['mediaFiles'] }) });
    const logo = await screen.findByRole('img', { name: 'Acme Solar logo' });
    fireEvent.error(logo);
    expect(screen.queryByRole('img', { name: 'Acme Solar logo' })).toBeNull();
    const link = screen.getByRole('link', { name: /View All Files \(7\)/ });
    expect(link).toHaveTextContent(M.signInToViewFiles);
    expect(link).toHaveAttribute('href', expect.stringMatching(/^\/login\?redirect=%2Fproviders%2Facme-solar%2Fmedia/));
  });
});
