import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ProviderSummary } from '@solar/shared/contracts/providers';
import { ProviderCard, type ProviderCardProps } from './provider-card';

const base: ProviderSummary = {
  id: 'p1',
  slug: 'acme',
  userId: 'u1',
  businessName: 'Acme Solar',
  description: '',
  type: 'asset_manager',
  services: ['Panel Cleaning'],
  expertise: [],
  technologies: [],
  scale: [],
  phase: [],
  certifications: [],
  industryAssociations: [],
  industry_associations: [],
  location: 'Leeds',
  latitude: null,
  longitude: null,
  coordinates: null,
  serviceRadius: 40,
  service_radius: 40,
  logo: null,
  coverImage: null,
  website: 'acme.example.com',
  phone: '0113 000',
  email: 'a@acme.example.com',
  linkedin: null,
  linkedin_url: null,
  twitter: null,
  twitter_url: null,
  facebook: null,
  facebook_url: null,
  placeId: null,
  claimed: true,
  claimApproved: true,
  rating: null,
  verifiedAccreditations: [],
  createdAt: '',
  updatedAt: '',
};

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

function renderCard(
  overrides: Partial<ProviderSummary> = {},
  props: Partial<ProviderCardProps> = {},
  at = '/providers',
) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <ProviderCard provider={{ ...base, ...overrides }} {...props} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

describe('provider card (docs/product/providers.md#provider-card)', () => {
  it('shows name, type label, location, radius and services', () => {
    renderCard();
    expect(screen.getByRole('link', { name: 'Acme Solar' })).toHaveAttribute('href', '/providers/acme');
    expect(screen.getByText('Asset Manager')).toBeInTheDocument();
    expect(screen.getByText('Leeds')).toBeInTheDocument();
    expect(screen.getByText('40 km service radius')).toBeInTheDocument();
    expect(screen.getByText('Panel Cleaning')).toBeInTheDocument();
  });

  it.each([
    [{ businessName: '' }, 'Unclaimed Profile'],
    [{ type: '' }, 'Unknown Type'],
    [{ type: 'ecology' }, 'Ecologist'],
    [{ services: [] }, 'No services listed'],
  ])('fallbacks %j → %s', (overrides, text) => {
    renderCard(overrides);
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it.each(['', '0', 'Location not available'])('hides location %j and a radius that is not > 0', (location) => {
    renderCard({ location, serviceRadius: 0 });
    expect(screen.queryByText(location || 'Leeds')).not.toBeInTheDocument();
    expect(screen.queryByText(/service radius/)).not.toBeInTheDocument();
  });

  it('ignores a logo from a placeholder-image service', () => {
    const { container } = renderCard({ logo: 'https://via.placeholder.com/150' });
    expect(container.querySelector('img')).toBeNull();
  });

  it("'Your Profile' only for the approved owner; 'Unclaimed' and contacts only when enabled", () => {
    renderCard({ claimed: false }, { currentUserId: 'u1' });
    expect(screen.getByText('Your Profile')).toBeInTheDocument();
    expect(screen.queryByText('Unclaimed')).not.toBeInTheDocument();
    expect(screen.queryByText('0113 000')).not.toBeInTheDocument();
  });

  it('shows Unclaimed and contacts when asked, with https:// prepended', () => {
    renderCard(
      { claimed: false, claimApproved: false },
      { currentUserId: 'u1', showUnclaimed: true, showContact: true },
    );
    expect(screen.queryByText('Your Profile')).not.toBeInTheDocument();
    expect(screen.getByText('Unclaimed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Website/ })).toHaveAttribute('href', 'https://acme.example.com');
    expect(screen.getByRole('link', { name: /0113 000/ })).toHaveAttribute('href', 'tel:0113 000');
  });

  it('signed out, Request quote opens Sign In Required with redirects to the quote page', async () => {
    renderCard();
    await userEvent.click(screen.getByRole('button', { name: /Request quote/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sign In Required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please sign in to request a quote')).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth?redirect=%2Fproviders%2Fp1%2Fquote',
    );
    expect(within(dialog).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/auth/register?redirect=%2Fproviders%2Fp1%2Fquote',
    );
  });

  it('signed in, Request quote goes to the quote page; on a tender page it is the invite toggle', async () => {
    renderCard({}, { currentUserId: 'u9' });
    await userEvent.click(screen.getByRole('button', { name: /Request quote/ }));
    expect(screen.getByTestId('where')).toHaveTextContent('/providers/p1/quote');
  });

  it('on a tender page, signed in: Invite to tender toggles the provider (aria-pressed)', async () => {
    const onToggle = vi.fn();
    const { rerender } = renderCard({}, { currentUserId: 'u9', tender: { selected: false, onToggle } });
    expect(screen.queryByRole('button', { name: /Request quote/ })).not.toBeInTheDocument();
    const invite = screen.getByRole('button', { name: /Invite to tender/ });
    expect(invite).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(invite);
    expect(onToggle).toHaveBeenCalledWith('p1');
    rerender(
      <MemoryRouter>
        <ProviderCard provider={base} currentUserId="u9" tender={{ selected: true, onToggle }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('button', { name: /Invite to tender/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('on the list-a-tender page, signed out: the dialog asks to sign in to invite and comes back to /list-a-tender', async () => {
    const onToggle = vi.fn();
    renderCard(
      {},
      { tender: { selected: false, onToggle }, signInRedirect: '/list-a-tender' },
      '/list-a-tender?service=Panel%20Cleaning',
    );
    await userEvent.click(screen.getByRole('button', { name: /Invite to tender/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Sign In Required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please sign in to invite providers')).toBeInTheDocument();
    expect(within(dialog).queryByText('Please sign in to request a quote')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth?redirect=%2Flist-a-tender',
    );
    expect(within(dialog).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/auth/register?redirect=%2Flist-a-tender',
    );
    expect(onToggle).not.toHaveBeenCalled();
  });

  it('on a tender page without signInRedirect, the links come back to that page, never the quote page', async () => {
    renderCard({}, { tender: { selected: false, onToggle: vi.fn() } }, '/some-tender-page?x=1');
    await userEvent.click(screen.getByRole('button', { name: /Invite to tender/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/auth?redirect=%2Fsome-tender-page%3Fx%3D1',
    );
  });
});
