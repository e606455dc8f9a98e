import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssetProvidersResponse } from '@solar/shared/contracts/assets';
import type { ProviderSummary } from '@solar/shared/contracts/providers';
import { AssetProviders } from './asset-providers';

const provider = (n: number, extra: Partial<ProviderSummary> = {}): ProviderSummary => ({
  id: `p${n}`,
  slug: `p-${n}`,
  userId: null,
  businessName: `Provider ${n}`,
  description: '',
  type: '',
  services: [],
  expertise: [],
  technologies: ['Solar PV'],
  scale: [],
  phase: [],
  certifications: [],
  industryAssociations: [],
  industry_associations: [],
  location: 'Leeds',
  latitude: 53.8,
  longitude: -1.5,
  coordinates: { lat: 53.8, lng: -1.5 },
  serviceRadius: 50,
  service_radius: 50,
  logo: null,
  coverImage: null,
  website: null,
  phone: null,
  email: null,
  linkedin: null,
  linkedin_url: null,
  twitter: null,
  twitter_url: null,
  facebook: null,
  facebook_url: null,
  placeId: null,
  claimed: false,
  claimApproved: false,
  rating: null,
  verifiedAccreditations: [],
  createdAt: '',
  updatedAt: '',
  ...extra,
});

let total = 9;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetchMock = vi.fn(async (url: string) => {
    if (url.startsWith('/api/auth/me'))
      return new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 });
    const limit = Number(new URL(url, 'http://x').searchParams.get('limit'));
    const body: AssetProvidersResponse = {
      data: Array.from({ length: Math.min(limit, total) }, (_, i) =>
        i === 0
          ? { provider: provider(i, { serviceRadius: -1, service_radius: -1 }), distanceKm: null, countrywide: true }
          : { provider: provider(i), distanceKm: 4.25 + i, countrywide: false },
      ),
      total,
      technologies: ['Solar PV', 'Hybrid'],
      phase: 'Operational',
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const renderIt = () =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <AssetProviders
          assetId={7}
          siteName="Test Farm"
          tenderLink="/list-a-tender?service=x&location=Test%20Farm&lat=1&lng=2"
        />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('AssetProviders', () => {
  it('lists provider cards with distance or countrywide, says what they match, and shows more', async () => {
    renderIt();
    const list = await screen.findByRole('list', { name: 'Providers serving this site' });
    expect(within(list).getAllByTestId('provider-card')).toHaveLength(6);
    expect(
      screen.getByText(
        'Directory providers whose service area covers Test Farm and work with Solar PV or Hybrid and cover the operational phase.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Covers the whole country')).toBeTruthy();
    expect(screen.getByText('Based 5.3 km from this site')).toBeTruthy();
    expect(screen.getByText('Showing 6 of 9 providers')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'List a tender for this site' }).getAttribute('href')).toContain(
      '/list-a-tender?',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Show more providers' }));
    expect(await screen.findByText('Showing 9 of 9 providers')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Show more providers' })).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => u === '/api/assets/7/providers?limit=18')).toBe(true);
  });

  it('has an empty state that points to listing a tender', async () => {
    total = 0;
    renderIt();
    expect(await screen.findByText(/No directory providers cover this site yet\./)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Providers serving this site' })).toBeNull();
    total = 9;
  });
});
