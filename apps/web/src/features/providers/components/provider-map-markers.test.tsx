import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { searchProvidersQuery, type ProviderCluster, type ProviderPoint } from '@solar/shared/contracts/providers';
import { MapContext, type MapContextValue } from '../../../lib/map/map-context';
import type { MapLibreModule } from '../../../lib/map/load-maplibre';
import { pointsQuery } from '../api/search-provider-points';
import { directoryFiltersOf } from '@solar/shared/domain/directory-address';
import { ProviderClusters } from './provider-map-clusters';
import { Markers } from './provider-map-markers';

/** A map that records where it was asked to go; markers are plain elements in the page. */
function fakeMap() {
  const easeTo = vi.fn();
  class Marker {
    constructor(private readonly options: { element: HTMLElement }) {}
    setLngLat() {
      return this;
    }
    addTo() {
      document.body.append(this.options.element);
      return this;
    }
    remove() {
      this.options.element.remove();
    }
  }
  const value = {
    map: { easeTo } as unknown as MapLibreMap,
    maplibre: { Marker } as unknown as MapLibreModule,
    obstacles: { add: () => ({ update: () => {}, remove: () => {} }) },
  } as unknown as MapContextValue;
  return { value, easeTo };
}

const point = (id: string, lng: number, lat: number): ProviderPoint => ({
  id,
  slug: id,
  businessName: `Provider ${id}`,
  position: [lng, lat],
  radius: 50,
  countrywide: false,
});

describe("the server's clusters on the directory map (decision 0387)", () => {
  const cells: ProviderCluster[] = [
    { position: [-1.55, 53.8], count: 12_400, countrywide: 1_240, expansionZoom: 7 },
    { position: [-0.12, 51.5], count: 830, countrywide: 0, expansionZoom: 7 },
    // Outside the view: not drawn.
    { position: [20, 40], count: 5, countrywide: 0, expansionZoom: 7 },
  ];
  const view = { bbox: [-11, 49, 3, 61] as [number, number, number, number], zoom: 5.3 };

  it('draws each cluster in view with its count and countrywide share, beside the providers standing apart', () => {
    const { value } = fakeMap();
    render(
      <MapContext.Provider value={value}>
        <Markers clusters={new ProviderClusters([point('alone', -4.2, 57.5)])} cells={cells} view={view} onOpen={() => {}} onOpenGroup={() => {}} />
      </MapContext.Provider>,
    );
    const clusters = screen.getAllByTestId('provider-cluster');
    expect(clusters.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Cluster of 12,400 providers, 1,240 countrywide',
      'Cluster of 830 providers, 0 countrywide',
    ]);
    expect(clusters[0]).toHaveTextContent('12k');
    expect(clusters[0]!.querySelector('svg')!.getAttribute('data-share')).toBe('0.100');
    expect(clusters[1]).toHaveTextContent('830');
    expect(screen.getByTestId('provider-point')).toHaveAccessibleName('Provider alone');
  });

  it('a click on a cluster zooms in on it', () => {
    const { value, easeTo } = fakeMap();
    render(
      <MapContext.Provider value={value}>
        <Markers clusters={new ProviderClusters([])} cells={cells} view={view} onOpen={() => {}} onOpenGroup={() => {}} />
      </MapContext.Provider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cluster of 830 providers, 0 countrywide' }));
    expect(easeTo).toHaveBeenCalledWith({ center: [-0.12, 51.5], zoom: 7 });
  });
});

describe('the view the map asks the server for (decision 0387)', () => {
  const filters = directoryFiltersOf(new URLSearchParams('services=Drone+Surveys'));

  it('is the filters with the view widened to the server grid, clamped to the world and a whole zoom, and passes the contract', () => {
    const query = pointsQuery(filters, { bbox: [-190.5, -95, 12.3, 61.2], zoom: 4.8 });
    expect(query).toMatchObject({ mode: 'map', services: ['Drone Surveys'], zoom: 4, bounds: '-180,-90,14.0625,70.3125' });
    expect(searchProvidersQuery.safeParse(query).success).toBe(true);
    // A small pan asks the same address again (one cached answer on the server, one entry here).
    expect(pointsQuery(filters, { bbox: [-2.51, 53.3, -1.02, 54.1], zoom: 9.2 })).toEqual(
      pointsQuery(filters, { bbox: [-2.49, 53.32, -1.04, 54.09], zoom: 9.7 }),
    );
    expect(pointsQuery(filters)).not.toHaveProperty('bounds');
  });
});
