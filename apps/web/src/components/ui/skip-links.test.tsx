import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SkipLinks } from './skip-links';

describe('skip links (issue 19)', () => {
  it('move focus into a map (its first element in the tab order) and onto a list heading', () => {
    render(
      <>
        <SkipLinks
          links={[
            { target: 'the-map', label: 'Skip to the map' },
            { target: 'the-list', label: 'Skip to the list' },
          ]}
        />
        <button type="button">A filter</button>
        <div id="the-map" role="region" aria-label="Map">
          <canvas tabIndex={0} aria-label="Map canvas" />
        </div>
        <h2 id="the-list" tabIndex={-1}>
          The list
        </h2>
      </>,
    );
    Element.prototype.scrollIntoView ??= () => {};
    fireEvent.click(screen.getByRole('link', { name: 'Skip to the map' }));
    expect(screen.getByLabelText('Map canvas')).toHaveFocus();
    fireEvent.click(screen.getByRole('link', { name: 'Skip to the list' }));
    expect(screen.getByRole('heading', { name: 'The list' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Skip to the map' })).toHaveAttribute('href', '#the-map');
  });
});
