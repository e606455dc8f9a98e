import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALERT_MESSAGES as M } from '@solar/shared/constants/alerts';
import { UnsubscribePage } from './unsubscribe-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

function renderPage(address: string, answer: (url: string, init?: RequestInit) => Response) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => answer(String(url), init));
  vi.stubGlobal('fetch', fetchMock);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter([{ path: '/unsubscribe', element: <UnsubscribePage /> }], { initialEntries: [address] })} />
    </QueryClientProvider>,
  );
  return fetchMock;
}

/** Issue 30: the mail's unsubscribe link works in one click without signing in (decision 0474). */
describe('the unsubscribe page', () => {
  it('says what the link stops, changes nothing on opening, and stops it on the one click', async () => {
    let done = false;
    const fetchMock = renderPage('/unsubscribe?token=abc.def', (url, init) => {
      expect(url).toContain('token=abc.def');
      if (init?.method === 'POST') done = true;
      return json({ success: true, data: { kind: 'search', name: 'Solar near Bristol', done } });
    });
    expect(await screen.findByText(M.unsubscribeSearchAsk('Solar near Bristol'))).toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
    await userEvent.setup().click(screen.getByRole('button', { name: M.unsubscribeConfirm }));
    expect(await screen.findByText(M.unsubscribeSearchDone('Solar near Bristol'))).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: M.unsubscribeConfirm })).toBeNull();
  });

  it('a watched tender already stopped says so', async () => {
    renderPage('/unsubscribe?token=w.1', () => json({ success: true, data: { kind: 'watch', name: 'Roof PV for schools', done: true } }));
    expect(await screen.findByText(M.unsubscribeWatchDone('Roof PV for schools'))).toBeInTheDocument();
  });

  it('a link without its token is said to be invalid, and nothing is asked', async () => {
    const fetchMock = renderPage('/unsubscribe', () => json({}));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.unsubscribeInvalid);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a refused link shows the server’s reason', async () => {
    renderPage('/unsubscribe?token=forged', () => json({ success: false, message: M.unsubscribeInvalid }, 400));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.unsubscribeInvalid);
    expect(screen.queryByRole('button', { name: M.unsubscribeConfirm })).toBeNull();
  });
});
