import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AssetPointProperties } from '@solar/shared/contracts/assets';
import { AssetPopupContent } from './asset-map-popup';
import { AssetsInView } from './assets-in-view';

const asset = (id: number, title: string, capacity: number | null, technologyType = 'Solar Photovoltaics'): AssetPointProperties => ({
  id,
  title,
  capacity,
  technologyType,
});

describe('assets in view (issue 19)', () => {
  it("says 'capacity unknown' where REPD has no capacity, not 'N/A MW'", () => {
    render(<AssetsInView items={[asset(1, 'Big Farm', 49.96), asset(2, 'Mystery Farm', null)]} count={2} loading={false} mapStatus="ready" onOpen={vi.fn()} onViewDetails={vi.fn()} />);
    const rows = screen.getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Big Farm · 50 MW');
    expect(rows[1]).toHaveTextContent('Mystery Farm · capacity unknown');
    expect(screen.getByRole('region', { name: 'Assets in view' })).not.toHaveTextContent('N/A');
  });

  it('opens a row on the map, or, when the map failed, opens its details', () => {
    const onOpen = vi.fn();
    const onViewDetails = vi.fn();
    const items = [asset(1, 'Big Farm', 12)];
    const { rerender } = render(<AssetsInView items={items} count={1} loading={false} mapStatus="ready" onOpen={onOpen} onViewDetails={onViewDetails} />);
    expect(screen.getByText(/^1 in view\. Choose one to open it on the map\.$/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Big Farm/ }));
    expect(onOpen).toHaveBeenCalledWith(items[0]);

    rerender(<AssetsInView items={items} count={1} loading={false} mapStatus="failed" onOpen={onOpen} onViewDetails={onViewDetails} />);
    expect(screen.getByText('The map could not be loaded. The largest assets matching the filters are listed; choose one to see its details.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Big Farm/ }));
    expect(onViewDetails).toHaveBeenCalledWith(items[0]);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it("says 'Loading…' only while loading, and the heading takes focus from the skip link", () => {
    render(<AssetsInView items={[]} count={0} loading mapStatus="loading" onOpen={vi.fn()} onViewDetails={vi.fn()} />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Assets in view' })).toHaveAttribute('tabindex', '-1');
  });
});

describe('asset popup (docs/product/assets.md#asset-map; decision 0356)', () => {
  it("shows one asset's title, 'Capacity: {n} MW' and 'View Details'", () => {
    const onViewDetails = vi.fn();
    render(<AssetPopupContent assets={[asset(1, 'Big Farm', 12.46)]} onViewDetails={onViewDetails} />);
    expect(screen.getByRole('heading', { name: 'Big Farm' })).toBeInTheDocument();
    expect(screen.getByText('Capacity: 12.5 MW')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View Details' }));
    expect(onViewDetails).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it("says 'Capacity unknown' rather than 'Capacity: N/A MW'", () => {
    render(<AssetPopupContent assets={[asset(1, 'Mystery Farm', null)]} onViewDetails={vi.fn()} />);
    expect(screen.getByText('Capacity unknown')).toBeInTheDocument();
    expect(screen.queryByText(/N\/A/)).toBeNull();
  });

  it('lists every asset at one point, each with its own View Details', () => {
    const onViewDetails = vi.fn();
    render(<AssetPopupContent assets={[asset(1, 'Penstruthal Solar', 10), asset(2, 'Penstruthal Battery', 20, 'Battery')]} onViewDetails={onViewDetails} />);
    expect(screen.getByRole('heading', { name: '2 assets at this point' })).toBeInTheDocument();
    const items = screen.getAllByRole('listitem');
    expect(within(items[1]!).getByText('Capacity: 20 MW')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'View Details: Penstruthal Battery' }));
    expect(onViewDetails).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
  });
});
