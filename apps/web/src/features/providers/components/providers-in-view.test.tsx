import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { ProviderPoint } from '@solar/shared/contracts/providers';
import { ProviderGroupList } from './provider-map-popup';
import { ProvidersInView } from './providers-in-view';

const point = (id: string, businessName: string, radius: number | null): ProviderPoint => ({ id, slug: `${id}-slug`, businessName, position: [-1.5, 53.8], radius, countrywide: radius === -1 });
const points = [point('a', 'Aire Solar', 50), point('b', 'Bramley Batteries', -1)];
const view = { bbox: [-2, 53, -1, 54] as [number, number, number, number], zoom: 9 };

describe('providers in view (decision 0272; issue 19)', () => {
  it("waits for the map with 'Loading…', then lists the providers in view as buttons", () => {
    const onOpen = vi.fn();
    const { rerender } = render(<ProvidersInView view={null} inView={[]} all={points} mapStatus="loading" onOpen={onOpen} />, { wrapper: MemoryRouter });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    rerender(<ProvidersInView view={view} inView={points} all={points} mapStatus="ready" selectedId="b" onOpen={onOpen} />);
    expect(screen.getByText('2 in view. Choose one to open it on the map.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Aire Solar/ }));
    expect(onOpen).toHaveBeenCalledWith(points[0]);
    expect(screen.getByRole('button', { name: /Bramley Batteries/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it("when the map fails, says so and lists every provider with a link to its profile, instead of 'Loading…' for ever", () => {
    render(<ProvidersInView view={null} inView={[]} all={points} mapStatus="failed" onOpen={vi.fn()} />, { wrapper: MemoryRouter });
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByText('The map could not be loaded. All 2 providers are listed; choose one to open its profile.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Aire Solar/ })).toHaveAttribute('href', '/providers/a-slug');
    expect(screen.getByRole('link', { name: /Bramley Batteries.*Countrywide/ })).toHaveAttribute('href', '/providers/b-slug');
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('providers at one position (decision 0356)', () => {
  it('lists each of them; choosing one opens its card', () => {
    const onOpen = vi.fn();
    render(<ProviderGroupList points={points} onOpen={onOpen} />);
    expect(screen.getByRole('heading', { name: '2 providers at this location' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Bramley Batteries/ }));
    expect(onOpen).toHaveBeenCalledWith(points[1]);
  });
});
