import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { COUNTRYWIDE_PROVIDER_COLOUR, LOCAL_PROVIDER_COLOUR } from '@solar/shared/constants/maps';
import { listLinkQuery } from '../pages/providers-map-page';
import { ClusterDonut } from './provider-map-markers';
import { ProviderLegend, ProviderMapCard } from './provider-map-card';

const withQuery = (ui: React.ReactNode) => <QueryClientProvider client={new QueryClient()}>{ui}</QueryClientProvider>;

describe('profile map card (docs/product/providers.md#profile-map)', () => {
  it.each(['', '0', 'Location not available', '  '])('is hidden when the location is %j', (location) => {
    const { container } = render(
      withQuery(
        <ProviderMapCard
          provider={{ businessName: 'Acme', location, coordinates: { lat: 53.8, lng: -1.55 }, serviceRadius: 20 }}
        />,
      ),
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('the legend names the provider types with their colours', () => {
    const { getByRole } = render(<ProviderLegend title="Provider Types" />);
    const legend = getByRole('group', { name: 'Provider Types' });
    expect(legend).toHaveTextContent('Local Provider');
    expect(legend).toHaveTextContent('Countrywide Provider');
    const swatches = [...legend.querySelectorAll('span[aria-hidden]')].map(
      (s) => (s as HTMLElement).style.backgroundColor,
    );
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(swatches).toEqual([rgb(LOCAL_PROVIDER_COLOUR), rgb(COUNTRYWIDE_PROVIDER_COLOUR)]);
  });
});

describe('cluster donut (docs/product/providers.md#directory-map)', () => {
  const arcs = (el: HTMLElement) => [...el.querySelectorAll('circle')];

  it('draws the countrywide share as an orange arc of the ring', () => {
    const { container } = render(<ClusterDonut count={8} countrywide={2} share={0.25} />);
    const [ring, arc] = arcs(container);
    expect(ring!.getAttribute('stroke')).toBe(LOCAL_PROVIDER_COLOUR);
    expect(arc!.getAttribute('stroke')).toBe(COUNTRYWIDE_PROVIDER_COLOUR);
    const r = Number(arc!.getAttribute('r'));
    const [dash, gap] = arc!.getAttribute('stroke-dasharray')!.split(' ').map(Number);
    expect(dash! / gap!).toBeCloseTo(0.25, 5);
    expect(gap).toBeCloseTo(2 * Math.PI * r, 5);
    expect(container).toHaveTextContent('8');
  });

  it('has no orange arc without countrywide providers, and shortens large counts', () => {
    const { container } = render(<ClusterDonut count={12_400} countrywide={0} share={0} />);
    expect(arcs(container)).toHaveLength(1);
    expect(container).toHaveTextContent('12k');
  });
});

describe('directory map address', () => {
  it("'View as List' keeps every filter that is set, scales included, and nothing else", () => {
    const params = new URLSearchParams(
      'technologies=Solar+PV&scales=Utility&scales=Commercial&location=Leeds&locationCenter=-1.5,53.8&radius=100&page=3&sort=name&companies=',
    );
    expect(listLinkQuery(params)).toBe(
      '?technologies=Solar+PV&scales=Utility&scales=Commercial&location=Leeds&locationCenter=-1.5%2C53.8&radius=100',
    );
    expect(listLinkQuery(new URLSearchParams())).toBe('');
  });
});
