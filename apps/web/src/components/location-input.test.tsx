import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { LocationInput, type LocationInputProps } from './location-input';

const FEATURES = [
  { place_name: 'Manchester, Greater Manchester', center: [-2.24528, 53.47894], place_type: ['place'] },
  { place_name: 'Mansfield, Nottinghamshire', center: [-1.19, 53.14], place_type: ['place'] },
  { place_name: 'Manningtree, Essex', center: [1.06, 51.94], place_type: ['place'] },
];

let fetchMock: ReturnType<typeof vi.fn>;

function respond(features: unknown[] = FEATURES, status = 200) {
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify(status === 200 ? { features } : { success: false, message: 'x' }), { status }),
  );
}

function setup(props: Partial<LocationInputProps> = {}) {
  const onSelect = vi.fn();
  const onClear = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  function Harness() {
    const [value, setValue] = useState(props.value ?? '');
    return (
      <LocationInput
        id="location"
        label="Location"
        placeholder="Enter a UK location"
        {...props}
        value={value}
        onSelect={(s) => {
          setValue(s.place_name);
          onSelect(s);
        }}
        onClear={() => {
          setValue('');
          onClear();
        }}
      />
    );
  }
  render(
    <QueryClientProvider client={client}>
      <Harness />
    </QueryClientProvider>,
  );
  return { onSelect, onClear, input: screen.getByRole('combobox', { name: 'Location' }) };
}

const requestedUrls = () => fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://x'));

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  respond();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LocationInput', () => {
  it('waits 300 ms after the last keystroke and asks once', async () => {
    vi.useFakeTimers();
    const { input } = setup();
    fireEvent.change(input, { target: { value: 'M' } });
    await act(() => vi.advanceTimersByTimeAsync(200));
    fireEvent.change(input, { target: { value: 'Man' } });
    await act(() => vi.advanceTimersByTimeAsync(299));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const url = requestedUrls()[0]!;
    expect(url.pathname).toBe('/api/geocode');
    expect(url.searchParams.get('q')).toBe('Man');
    expect(url.searchParams.get('limit')).toBe('5');
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getAllByRole('option')).toHaveLength(3);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', screen.getByRole('listbox').id);
  });

  it('passes types and limit, and shows at most 5 suggestions', async () => {
    const many = Array.from({ length: 8 }, (_, i) => ({
      place_name: `Newtown ${i}, Powys`,
      center: [-3, 52],
      place_type: ['locality'],
    }));
    respond(many);
    const { input } = setup({ types: ['place', 'locality'], limit: 5 });
    await userEvent.type(input, 'New');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(5));
    const url = requestedUrls().at(-1)!;
    expect(url.searchParams.getAll('types')).toEqual(['place', 'locality']);
    expect(screen.getByText('5 suggestions available')).toBeInTheDocument();
  });

  it('moves with the arrow keys, chooses with Enter and reports place_name and center', async () => {
    const { input, onSelect } = setup();
    await userEvent.type(input, 'Man');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[0]!.id);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    // Wraps round from the last to the first.
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}');
    expect(screen.getAllByRole('option')[2]).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onSelect).toHaveBeenCalledWith({ place_name: 'Mansfield, Nottinghamshire', center: [-1.19, 53.14] });
    expect(input).toHaveValue('Mansfield, Nottinghamshire');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveAttribute('aria-expanded', 'false');
    // Choosing does not search for the chosen name again.
    const calls = fetchMock.mock.calls.length;
    await new Promise((r) => setTimeout(r, 400));
    expect(fetchMock.mock.calls.length).toBe(calls);
  });

  it('closes with Escape and selects with a click', async () => {
    const { input, onSelect } = setup();
    await userEvent.type(input, 'Man');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(input).toHaveValue('Man');
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getAllByRole('option')).toHaveLength(3);
    await userEvent.click(screen.getByText('Manningtree, Essex'));
    expect(onSelect).toHaveBeenCalledWith({ place_name: 'Manningtree, Essex', center: [1.06, 51.94] });
  });

  it('Enter without a highlighted suggestion chooses nothing', async () => {
    const { input, onSelect } = setup();
    await userEvent.type(input, 'Man');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await userEvent.keyboard('{Enter}');
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('the clear icon calls onClear, empties the text and the suggestions', async () => {
    const { input, onClear } = setup({ value: 'Leeds, West Yorkshire' });
    expect(input).toHaveValue('Leeds, West Yorkshire');
    await userEvent.clear(input);
    await userEvent.type(input, 'Man');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    await userEvent.click(screen.getByRole('button', { name: 'Clear location' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue('');
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear location' })).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('empty input asks nothing and shows no suggestions', async () => {
    const { input } = setup();
    await userEvent.type(input, 'Man');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    const calls = fetchMock.mock.calls.length;
    await userEvent.clear(input);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    await userEvent.type(input, '   ');
    await new Promise((r) => setTimeout(r, 400));
    expect(fetchMock.mock.calls.length).toBe(calls);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it("logs 'Geocoding failed: status' and empties the suggestions on failure", async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { input } = setup();
    await userEvent.type(input, 'Man');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    respond([], 503);
    await userEvent.type(input, 'c');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Geocoding failed: 503'));
    await waitFor(() => expect(screen.queryByRole('option')).not.toBeInTheDocument());
  });

  it('logs a network failure too', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { input } = setup();
    await userEvent.type(input, 'Leeds');
    await waitFor(() => expect(error).toHaveBeenCalledWith('Geocoding failed: Failed to fetch'));
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });

  it("says 'No UK locations found' when nothing matches", async () => {
    respond([]);
    const { input } = setup();
    await userEvent.type(input, 'qzx');
    expect(await screen.findAllByText('No UK locations found')).not.toHaveLength(0);
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it("Escape closes 'No UK locations found', which sits in the flow, not over the buttons below", async () => {
    respond([]);
    const { input } = setup();
    await userEvent.type(input, 'qzx');
    const shown = (await screen.findAllByText('No UK locations found')).find((el) => !el.classList.contains('sr-only'))!;
    expect(shown).not.toHaveClass('absolute');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('No UK locations found')).not.toBeInTheDocument());
  });

  it('follows a value set by the caller, and takes a label of the caller', async () => {
    const client = new QueryClient();
    const ui = (value: string) => (
      <QueryClientProvider client={client}>
        <label htmlFor="loc">Where</label>
        <LocationInput
          id="loc"
          value={value}
          onSelect={() => {}}
          onClear={() => {}}
          placeholder="Town, city or postcode"
        />
      </QueryClientProvider>
    );
    const { rerender } = render(ui('York, England'));
    const input = screen.getByRole('combobox', { name: 'Where' });
    expect(input).toHaveValue('York, England');
    rerender(ui(''));
    expect(input).toHaveValue('');
  });
});
