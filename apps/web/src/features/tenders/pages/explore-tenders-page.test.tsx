import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { PAGING } from '@solar/shared/constants/ui';
import type { Tender } from '@solar/shared/contracts/tenders';
import { ExploreTendersPage } from './explore-tenders-page';
import { tenderFixture } from '../test/tender-fixture';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const tender = (id: string): Tender => tenderFixture(id);

/** The board over a stubbed API: `answer` gives the list call's response for its query. */
function renderBoard(path: string, answer: (query: URLSearchParams) => Response) {
  const fetch = vi.fn(async (url: string) => {
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/services') return json(200, { services: ['Panel Cleaning'] });
    if (u.pathname === '/api/tenders/public') return answer(u.searchParams);
    return json(404, { success: false, message: 'Not found' });
  });
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter([{ path: '/explore-tenders', element: <ExploreTendersPage /> }], { initialEntries: [path] });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  const listCalls = () => fetch.mock.calls.map(([url]) => new URL(url, 'http://x')).filter((u) => u.pathname === '/api/tenders/public').map((u) => u.searchParams);
  return { router, listCalls };
}

const page = (data: Tender[], total: number, page = 1, limit = 10) => json(200, { data, pagination: { page, pages: Math.max(1, Math.ceil(total / limit)), total, limit } });

afterEach(() => vi.unstubAllGlobals());

describe('the tender board (issue 19)', () => {
  it("counts read as English: '1 tender' (decision 0351)", async () => {
    renderBoard('/explore-tenders', () => page([tender('a')], 1));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^1 tender$/));
  });

  it("counts are formatted: '4,219 tenders' (decision 0351)", async () => {
    renderBoard('/explore-tenders', () => page([tender('a')], 4219));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^4,219 tenders$/));
  });

  it("an error card never sits beside 'Loading tenders...'", async () => {
    renderBoard('/explore-tenders', () => json(500, { success: false, message: 'Something went wrong on our side. Please try again.' }));
    expect(await screen.findByRole('heading', { name: TENDER_MESSAGES.loadListError })).toBeInTheDocument();
    expect(screen.queryByText('Loading tenders...')).toBeNull();
  });

  it('a page past the end shows the true count and a link to the last page, not "No Tenders Found" (decision 0354)', async () => {
    renderBoard('/explore-tenders?page=99&limit=10&status=all', (q) => (q.get('page') === '99' ? page([], 382, 99) : page([tender('z')], 382, 39)));
    expect(await screen.findByRole('heading', { name: PAGING.pastTheEnd })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('382 tenders');
    expect(screen.queryByText(TENDER_MESSAGES.noneFound)).toBeNull();
    const last = screen.getByRole('link', { name: PAGING.lastPage(39) });
    expect(last).toHaveAttribute('href', '/explore-tenders?page=39&limit=10&status=all');
    await userEvent.click(last);
    expect(await screen.findByRole('link', { name: 'Tender z' })).toBeInTheDocument();
  });

  it('garbage in every parameter of the address is dropped before the call, and the address is cleaned (decision 0352)', async () => {
    const garbage =
      'service=' + 'x'.repeat(300) + '&location=' + 'y'.repeat(300) + '&lat=999&lng=abc&radius=-4&source=Nope&status=maybe&minValue=-5&maxValue=12abc&sortBy=password&sortOrder=up&page=0&limit=7&utm_source=mail';
    const { router, listCalls } = renderBoard(`/explore-tenders?${garbage}`, () => page([tender('a')], 1));
    expect(await screen.findByRole('link', { name: 'Tender a' })).toBeInTheDocument();
    expect(listCalls().map((q) => q.toString())).toEqual(['sortBy=publishedDate&sortOrder=desc&page=1&limit=10']);
    await waitFor(() => expect(router.state.location.search).toBe('?utm_source=mail'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('good values in the address are kept and sent', async () => {
    const { listCalls } = renderBoard('/explore-tenders?service=Panel+Cleaning&lat=51.45&lng=-2.58&radius=100&source=External&status=all&minValue=1000&maxValue=50000&sortBy=closingDate&sortOrder=asc&page=2&limit=20', () =>
      page([tender('a')], 40, 2, 20),
    );
    await screen.findByRole('link', { name: 'Tender a' });
    expect(Object.fromEntries(listCalls()[0]!)).toEqual({
      service: 'Panel Cleaning',
      lat: '51.45',
      lng: '-2.58',
      radius: '100',
      source: 'External',
      status: 'all',
      minValue: '1000',
      maxValue: '50000',
      sortBy: 'closingDate',
      sortOrder: 'asc',
      page: '2',
      limit: '20',
    });
  });
});

describe('the value filters (decision 0352)', () => {
  const typeInto = async (label: string, text: string) => {
    const field = screen.getByLabelText(label);
    await userEvent.clear(field);
    if (text) await userEvent.type(field, text);
    return field;
  };

  it('apply as the user types, after a short pause, with no blur or Enter', async () => {
    const { router, listCalls } = renderBoard('/explore-tenders', () => page([tender('a')], 1));
    await screen.findByRole('link', { name: 'Tender a' });
    await typeInto('Min value (£)', '5,000');
    await waitFor(() => expect(router.state.location.search).toBe('?minValue=5000'));
    await waitFor(() => expect(listCalls().at(-1)!.get('minValue')).toBe('5000'));
    expect(screen.getByLabelText('Min value (£)')).toHaveValue('5,000');
  });

  it("refuse what is not an amount with the form's own message, never turning '-5' into 5 or '12abc' into 12", async () => {
    const { router, listCalls } = renderBoard('/explore-tenders', () => page([tender('a')], 1));
    await screen.findByRole('link', { name: 'Tender a' });
    for (const text of ['-5', '12abc']) {
      const field = await typeInto('Min value (£)', text);
      expect(await screen.findByText(TENDER_MESSAGES.valueNotNumber)).toBeInTheDocument();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(TENDER_MESSAGES.valueNotNumber);
    }
    await typeInto('Max value (£)', '99999999999999999');
    expect(await screen.findByText(TENDER_MESSAGES.valueTooLarge)).toBeInTheDocument();
    await act(() => new Promise((r) => setTimeout(r, 600)));
    expect(router.state.location.search).toBe('');
    expect(listCalls().every((q) => !q.has('minValue') && !q.has('maxValue'))).toBe(true);
  });

  it('say when the minimum is above the maximum, and do not send the range', async () => {
    const { listCalls } = renderBoard('/explore-tenders', () => page([tender('a')], 1));
    await screen.findByRole('link', { name: 'Tender a' });
    await typeInto('Min value (£)', '500');
    await typeInto('Max value (£)', '100');
    expect(await screen.findByText(TENDER_MESSAGES.valueRange)).toBeInTheDocument();
    expect(screen.getByLabelText('Max value (£)')).toHaveAccessibleDescription(TENDER_MESSAGES.valueRange);
    await act(() => new Promise((r) => setTimeout(r, 600)));
    expect(listCalls().every((q) => !(q.get('minValue') === '500' && q.get('maxValue') === '100'))).toBe(true);
    await typeInto('Max value (£)', '1000');
    await waitFor(() => expect(screen.queryByText(TENDER_MESSAGES.valueRange)).toBeNull());
    await waitFor(() => expect(Object.fromEntries(listCalls().at(-1)!)).toMatchObject({ minValue: '500', maxValue: '1000' }));
  });
});
