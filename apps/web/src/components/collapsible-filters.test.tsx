import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CollapsibleFilters } from './collapsible-filters';

describe('CollapsibleFilters (decision 0350)', () => {
  it("keeps the panel behind a 'Filters' button with the active count, mounted while closed", async () => {
    render(
      <CollapsibleFilters id="f" activeCount={3}>
        <label>
          Service <input defaultValue="typed" />
        </label>
      </CollapsibleFilters>,
    );
    const button = screen.getByRole('button', { name: 'Filters 3 active' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveAttribute('aria-controls', 'f');
    const panel = document.getElementById('f')!;
    // Hidden on small screens only: from the breakpoint up the panel shows and the button is gone.
    expect(panel).toHaveClass('hidden', 'lg:block');
    expect(button).toHaveClass('lg:hidden');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).not.toHaveClass('hidden');
    await userEvent.click(button);
    expect(screen.getByDisplayValue('typed')).toBeInTheDocument();
  });

  it('shows no count when nothing is active, and collapses below md when asked', () => {
    render(
      <CollapsibleFilters id="g" activeCount={0} collapseBelow="md">
        <p>panel</p>
      </CollapsibleFilters>,
    );
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveClass('md:hidden');
    expect(document.getElementById('g')).toHaveClass('hidden', 'md:block');
  });
});
