import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_EXAMPLES, API_REFERENCE as R } from '@solar/shared/constants/developers';
import { ApiReferencePage } from './api-reference-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

const doc = {
  openapi: '3.0.3',
  info: { title: 'Solar Marketplace API', version: '0.1.0' },
  servers: [{ url: 'https://solar.example' }],
  paths: {
    '/api/changes/tenders': {
      get: {
        tags: ['developers'],
        summary: 'Tenders changed since a cursor',
        description: 'Anyone may call it.',
        security: [{}, { apiKey: [] }],
        'x-access': 'public',
        parameters: [{ name: 'after', in: 'query', required: false, schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'Default Response',
            content: { 'application/json': { schema: { type: 'object', properties: { next: { type: 'string' }, data: { type: 'array', items: { type: 'object', properties: { change: { enum: ['upsert', 'removed'] } } } } }, required: ['next'] } } },
          },
        },
      },
    },
    '/api/admin/users': { get: { tags: ['admin'], summary: 'Users of the site', security: [{ session: [] }], 'x-access': 'admin', responses: {} } },
  },
};

function renderPage(fetch: (input: string) => Promise<Response>) {
  vi.stubGlobal('fetch', vi.fn(fetch));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter([{ path: '*', element: <ApiReferencePage /> }], { initialEntries: ['/developers/api'] })} />
    </QueryClientProvider>,
  );
}

/** Issue 32: the API reference drawn from the app's own OpenAPI document (decision 0530). */
describe('the API reference page', () => {
  it('groups the routes by tag, filters them, and opens one to show its parameters and answer fields', async () => {
    renderPage(async (input) => (String(input).startsWith('/api/auth/me') ? json({ success: false, message: 'Not signed in' }, 401) : json(doc)));
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 3, name: 'developers' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'admin' })).toBeInTheDocument();
    expect(screen.getByText(API_EXAMPLES[0].command)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: R.signInForKeys })).toHaveAttribute('href', '/login?redirect=%2Fdevelopers');

    await user.type(screen.getByLabelText(R.filterLabel), 'changes');
    expect(screen.queryByRole('heading', { level: 3, name: 'admin' })).not.toBeInTheDocument();
    const route = screen.getByRole('group');
    expect(within(route).queryByText(R.parameters)).not.toBeInTheDocument();
    await user.click(within(route).getByText('/api/changes/tenders'));
    expect(await within(route).findByText(R.keyWorks)).toBeInTheDocument();
    expect(within(route).getByText(R.access.public!)).toBeInTheDocument();
    expect(within(route).getByRole('heading', { name: R.parameters })).toBeInTheDocument();
    expect(within(route).getByText('after')).toBeInTheDocument();
    expect(within(route).getByText('change')).toBeInTheDocument();
    expect(within(route).getByText(/one of: upsert, removed/)).toBeInTheDocument();

    await user.clear(screen.getByLabelText(R.filterLabel));
    await user.type(screen.getByLabelText(R.filterLabel), 'nothing like this');
    expect(screen.getByText(R.noMatch)).toBeInTheDocument();
  });

  it('says when the document cannot be read, and tries again', async () => {
    let fail = true;
    renderPage(async (input) => (String(input).startsWith('/api/auth/me') ? json({}, 401) : fail ? json({ success: false, message: 'Service unavailable' }, 503) : json(doc)));
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Service unavailable');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: R.retry }));
    expect(await screen.findByRole('heading', { level: 3, name: 'developers' })).toBeInTheDocument();
  });
});
