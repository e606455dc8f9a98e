import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { DeferredProviderMapCard } from './deferred-provider-map-card';

const loaded = vi.hoisted(() => ({ map: false }));
// The map card itself (MapLibre behind it): recorded when its module is first imported.
vi.mock('./provider-map-card', () => {
  loaded.map = true;
  return { ProviderMapCard: ({ provider }: { provider: { businessName: string } }) => <div>Interactive map of {provider.businessName}</div> };
});

const provider = { businessName: 'Kestrel Solar', location: 'Leeds', coordinates: { lat: 53.8, lng: -1.55 }, serviceRadius: 40 };
const withQuery = (ui: React.ReactNode) => <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;

describe('the profile map card, loaded when wanted (decision 0373)', () => {
  it('shows a static preview (outline, marker, name, service area, legend) and does not load the map until the visitor points at it', async () => {
    const { container } = render(withQuery(<DeferredProviderMapCard provider={provider} />));
    expect(screen.getByRole('img', { name: 'Outline of the UK showing where Kestrel Solar is based' })).toBeInTheDocument();
    expect(screen.getByText('Kestrel Solar')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Provider Types' })).toBeInTheDocument();
    expect(container.querySelector('circle')).not.toBeNull();
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/api/maps/outline.svg');
    expect(loaded.map).toBe(false);

    await act(async () => {
      fireEvent.pointerEnter(screen.getByTestId('provider-map-card').parentElement!);
    });
    expect(await screen.findByText('Interactive map of Kestrel Solar')).toBeInTheDocument();
    expect(loaded.map).toBe(true);
  });

  it('the button asks for the map; an unknown location shows no card', async () => {
    const { container } = render(withQuery(<DeferredProviderMapCard provider={{ ...provider, location: 'Location not available' }} />));
    expect(container).toBeEmptyDOMElement();
    render(withQuery(<DeferredProviderMapCard provider={provider} />));
    fireEvent.click(screen.getByRole('button', { name: 'Show interactive map' }));
    expect(await screen.findByText('Interactive map of Kestrel Solar')).toBeInTheDocument();
  });
});
