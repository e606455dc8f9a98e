import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SERVICES } from '@solar/shared/constants/services';
import { geoKeys } from '../../../lib/geo/keys';
import { ServiceCombobox } from './service-combobox';
import { TenderPagination } from './tender-pagination';

function withServices(ui: React.ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(geoKeys.services, [...SERVICES]);
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

describe('ServiceCombobox', () => {
  it('suggests at most 5 services and reports the one chosen', async () => {
    const onChange = vi.fn();
    withServices(<ServiceCombobox id="s" value="" onChange={onChange} />);
    const input = screen.getByRole('combobox');
    await userEvent.click(input);
    expect(screen.getAllByRole('option')).toHaveLength(5);
    await userEvent.type(input, 'survey');
    const options = screen.getAllByRole('option').map((o) => o.textContent);
    expect(options.length).toBeLessThanOrEqual(5);
    expect(options.every((o) => o!.toLowerCase().includes('survey'))).toBe(true);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(options[1]);
  });
});

describe('TenderPagination', () => {
  it('shows the first, the last, the current page with neighbours and ellipses', async () => {
    const onPage = vi.fn();
    render(<TenderPagination page={5} pages={12} onPage={onPage} />);
    const pages = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent);
    expect(pages).toEqual(['1', '4', '5', '6', '12']);
    expect(screen.getByRole('button', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(screen.getByRole('button', { name: 'Page 12' }));
    expect(onPage).toHaveBeenCalledWith(12);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPage).toHaveBeenCalledWith(4);
  });

  it('hides itself for a single page', () => {
    const { container } = render(<TenderPagination page={1} pages={1} onPage={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
