import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { NOT_FOUND } from '@solar/shared/constants/ui';
import { NotFoundPage } from './not-found-page';

describe('the not-found page', () => {
  it("keeps the spec's strings and offers the way home and to the directory (issue 19)", () => {
    render(<RouterProvider router={createMemoryRouter([{ path: '*', element: <NotFoundPage /> }], { initialEntries: ['/nope'] })} />);
    expect(screen.getByRole('heading', { level: 1, name: NOT_FOUND.title })).toBeInTheDocument();
    expect(screen.getByText(NOT_FOUND.hint)).toBeInTheDocument();
    const ways = screen.getByRole('navigation', { name: 'Where to go from here' });
    expect(within(ways).getByRole('link', { name: NOT_FOUND.homeLink })).toHaveAttribute('href', '/');
    expect(within(ways).getByRole('link', { name: NOT_FOUND.directoryLink })).toHaveAttribute('href', '/providers');
  });
});
