import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALERT_MESSAGES as M, type SavedSearchKind } from '@solar/shared/constants/alerts';
import SaveSearchDialog from './save-search-dialog';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
let fetchMock: ReturnType<typeof vi.fn>;
let answer: () => Response;

beforeEach(() => {
  answer = () => json({ success: true, data: { id: 's1' } }, 201);
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderDialog(kind: SavedSearchKind, address: string, signedIn: boolean) {
  const onOpenChange = vi.fn();
  const [path, query = ''] = address.split('?');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider
        router={createMemoryRouter([{ path: '*', element: <SaveSearchDialog open onOpenChange={onOpenChange} kind={kind} params={new URLSearchParams(query)} signedIn={signedIn} /> }], {
          initialEntries: [address],
        })}
      />
    </QueryClientProvider>,
  );
  return { onOpenChange, path };
}

/** Issue 30: 'Save search' on the page saves its address's filters under a name, with how often to email (decision 0471). */
describe('the Save search dialog', () => {
  it('saves the tender board’s filters under the name given, weekly on the chosen day and hour', async () => {
    const user = userEvent.setup();
    const { onOpenChange } = renderDialog('tenders', '/tenders?keywords=%22solar+pv%22+-domestic&cpv=09331200&source=External&sortBy=closingDate', true);
    const name = await screen.findByLabelText(M.nameLabel);
    await user.clear(name);
    await user.type(name, 'Solar PV, no domestic');
    await user.selectOptions(screen.getByLabelText(M.frequencyLabel), 'weekly');
    await user.selectOptions(screen.getByLabelText(M.weekdayLabel), 'Wednesday');
    await user.selectOptions(screen.getByLabelText(M.hourLabel), '07:00');
    await user.click(screen.getByRole('button', { name: M.saveSearch }));
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
    const [url, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/api/saved-searches'))!;
    expect(String(url)).toMatch(/\/api\/saved-searches$/);
    expect(init.method).toBe('POST');
    const body = JSON.parse(init.body as string);
    expect(body).toMatchObject({ kind: 'tenders', name: 'Solar PV, no domestic', frequency: 'weekly', weekday: 3, hour: 7 });
    expect(body.criteria).toMatchObject({ keywords: '"solar pv" -domestic', cpv: ['09331200'], sources: ['External'] });
    expect(body.criteria).not.toHaveProperty('sortBy');
  });

  it('an empty name is refused on the spot, and the server’s refusal is shown', async () => {
    const user = userEvent.setup();
    renderDialog('providers', '/providers?services=Panel+Cleaning', true);
    const name = await screen.findByLabelText(M.nameLabel);
    expect(name).toHaveValue('Panel Cleaning');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: M.saveSearch }));
    expect(await screen.findByText(M.nameRequired)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/api/saved-searches'))).toBe(false);

    answer = () => json({ success: false, message: M.tooMany(50) }, 400);
    await user.type(name, 'Cleaners');
    await user.click(screen.getByRole('button', { name: M.saveSearch }));
    expect(await screen.findByText(M.tooMany(50))).toBeInTheDocument();
  });

  it('a visitor is asked to log in or sign up, and comes back to the same search', async () => {
    renderDialog('assets', '/asset-intel?technologies=Solar+Photovoltaics&regions=Wales', false);
    expect(await screen.findByRole('dialog', { name: M.loginToSave })).toBeInTheDocument();
    const back = encodeURIComponent('/asset-intel?technologies=Solar+Photovoltaics&regions=Wales');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/auth?redirect=${back}`);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', `/auth/register?redirect=${back}`);
    expect(screen.queryByLabelText(M.nameLabel)).toBeNull();
  });
});
