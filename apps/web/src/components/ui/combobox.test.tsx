import { render, screen, act, fireEvent } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, matchesOption } from './combobox';

describe('Combobox', () => {
  it('filters by case-insensitive substring', () => {
    expect(matchesOption('Panel Cleaning', 'CLEAN')).toBe(true);
    expect(matchesOption('Panel Cleaning', 'drone')).toBe(false);
  });

  it("shows 'No matches found.' and selects an option", async () => {
    const onSelect = vi.fn();
    render(<Combobox label="Service" options={['Panel Cleaning', 'Drone Surveys']} onSelect={onSelect} />);
    const input = screen.getByRole('combobox', { name: 'Service' });
    await userEvent.type(input, 'zzz');
    expect(screen.getByText('No matches found.')).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'drone');
    expect(screen.queryByText('Panel Cleaning')).not.toBeInTheDocument();
    await userEvent.click(screen.getByText('Drone Surveys'));
    expect(onSelect).toHaveBeenCalledWith('Drone Surveys');
  });

  it('limits the list to 200 px and closes 200 ms after blur', async () => {
    vi.useFakeTimers();
    render(<Combobox label="Brand" options={['A', 'B']} onSelect={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Brand' });
    fireEvent.focus(input);
    expect(screen.getByRole('listbox')).toHaveStyle({ maxHeight: '200px' });
    fireEvent.blur(input);
    act(() => vi.advanceTimersByTime(150));
    expect(screen.queryByRole('listbox')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60));
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    vi.useRealTimers();
  });

  it("a free-text combobox says 'No matches found.' and still offers to add the text", async () => {
    const onSelect = vi.fn();
    render(<Combobox label="Service" options={['Panel Cleaning']} onSelect={onSelect} allowFreeText />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Service' }), 'Heat pumps{Enter}');
    expect(onSelect).toHaveBeenCalledWith('Heat pumps');
    await userEvent.type(screen.getByRole('combobox', { name: 'Service' }), 'Bats');
    expect(screen.getByText('No matches found.')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Add “Bats”' })).toBeInTheDocument();
  });

  it('Enter takes the highlighted suggestion, not the half-typed text', async () => {
    const onSelect = vi.fn();
    render(<Combobox label="Service" options={['Panel Cleaning', 'Drone Surveys']} onSelect={onSelect} allowFreeText />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Service' }), 'pan{Enter}');
    expect(onSelect).toHaveBeenCalledWith('Panel Cleaning');
    expect(onSelect).not.toHaveBeenCalledWith('pan');
  });

  it('shows its label, tied to the input, and takes a field’s description (issue 28, item 9)', async () => {
    render(<Combobox label="Services" control={{ 'aria-invalid': true, 'aria-describedby': 'services-error' }} options={[]} onSelect={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Services' });
    const label = screen.getByText('Services', { selector: 'label' });
    expect(label).toHaveAttribute('for', input.id);
    expect(input).toHaveAttribute('aria-describedby', 'services-error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('listbox', { hidden: true })).toHaveAttribute('aria-label', 'Services suggestions');
  });

  it('keeps the options a custom rule matches, and reports what is typed', async () => {
    const typed = vi.fn();
    render(
      <Combobox label="Company name" options={['AMP Clean Energy Services']} matches={(o, q) => q.split(' ').every((w) => o.toLowerCase().includes(w.toLowerCase()))} onQueryChange={typed} onSelect={() => {}} />,
    );
    await userEvent.type(screen.getByRole('combobox', { name: 'Company name' }), 'amp services');
    expect(screen.getByText('AMP Clean Energy Services')).toBeInTheDocument();
    expect(typed).toHaveBeenLastCalledWith('amp services');
  });
});
