import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_KEY_MESSAGES as M } from '@solar/shared/constants/developers';
import type { ApiKey } from '@solar/shared/contracts/developers';
import { ApiKeysPage } from './api-keys-page';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
afterEach(() => vi.unstubAllGlobals());

const used: ApiKey = { id: 'k1', name: 'Nightly REPD sync', prefix: 'sm_AbC12xYz', createdAt: '2026-11-20T09:00:00.000Z', lastUsedAt: '2026-11-27T10:30:00.000Z', revokedAt: null };
const secret = `sm_${'N'.repeat(32)}`;

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={createMemoryRouter([{ path: '*', element: <ApiKeysPage /> }], { initialEntries: ['/developers'] })} />
    </QueryClientProvider>,
  );
}

/** Issue 32: the API keys page (decision 0530): create (shown once, copy), list with last used, revoke. */
describe('the API keys page', () => {
  it('creates a key shown once with a copy button, lists keys with when they were last used, and revokes one', async () => {
    let keys: ApiKey[] = [used];
    const calls: Array<[string, string, unknown]> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: string, init?: RequestInit) => {
        const url = new URL(String(input), 'http://localhost');
        const method = init?.method ?? 'GET';
        calls.push([method, url.pathname, init?.body ? JSON.parse(String(init.body)) : undefined]);
        if (method === 'POST') {
          const created: ApiKey = { id: 'k2', name: 'Dashboard', prefix: secret.slice(0, 11), createdAt: '2026-11-27T11:00:00.000Z', lastUsedAt: null, revokedAt: null };
          keys = [created, ...keys];
          return json({ data: created, secret }, 201);
        }
        if (method === 'DELETE') {
          keys = keys.map((k) => (k.id === 'k1' ? { ...k, revokedAt: '2026-11-27T12:00:00.000Z' } : k));
          return json({ data: keys.find((k) => k.id === 'k1') });
        }
        return json({ data: keys });
      }),
    );
    renderPage();
    // user-event puts a clipboard of its own on navigator: what the page copies is read back from it.
    const user = userEvent.setup();

    const row = await screen.findByRole('listitem', { name: 'Nightly REPD sync' });
    expect(row).toHaveTextContent('sm_AbC12xYz…');
    expect(row).toHaveTextContent('Created 20/11/2026');
    expect(row).toHaveTextContent('Last used 27/11/2026 10:30');
    expect(screen.getByText(M.active(1, 10))).toBeInTheDocument();

    // An empty name is refused before anything is sent.
    await user.click(screen.getByRole('button', { name: M.create }));
    expect(await screen.findByText(M.nameRequired)).toBeInTheDocument();
    expect(calls.filter(([m]) => m === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText(M.nameLabel), 'Dashboard');
    await user.click(screen.getByRole('button', { name: M.create }));
    const box = await screen.findByRole('region', { name: `${M.created}: Dashboard` });
    expect(calls).toContainEqual(['POST', '/api/api-keys', { name: 'Dashboard' }]);
    expect(within(box).getByLabelText(M.newKeyLabel)).toHaveValue(secret);
    expect(within(box).getByRole('heading', { name: `${M.created}: Dashboard` })).toHaveFocus();
    await user.click(within(box).getByRole('button', { name: /copy/i }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    expect(await within(box).findByRole('button', { name: M.copied })).toBeInTheDocument();
    expect(await screen.findByRole('listitem', { name: 'Dashboard' })).toHaveTextContent(M.neverUsed);

    // Once closed, the key is gone from the page for good.
    await user.click(within(box).getByRole('button', { name: M.done }));
    expect(screen.queryByDisplayValue(secret)).not.toBeInTheDocument();
    expect(screen.getByLabelText(M.nameLabel)).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: `${M.revoke} Nightly REPD sync` }));
    const confirm = await screen.findByRole('dialog', { name: M.revoke });
    expect(confirm).toHaveTextContent(M.revokeConfirm('Nightly REPD sync'));
    await user.click(within(confirm).getByRole('button', { name: M.revoke }));
    expect(calls).toContainEqual(['DELETE', '/api/api-keys/k1', undefined]);
    const revoked = await screen.findByRole('listitem', { name: 'Nightly REPD sync' });
    expect(await within(revoked).findByText(`${M.revokedOn} 27/11/2026`)).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: `${M.revoke} Nightly REPD sync` })).not.toBeInTheDocument();
  });

  it('says when there is no key yet, and when the list fails, with a retry', async () => {
    let fail = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => (fail ? json({ success: false, message: M.loadFailed }, 503) : json({ data: [] }))),
    );
    renderPage();
    const user = userEvent.setup();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(M.loadFailed);
    fail = false;
    await user.click(within(alert).getByRole('button', { name: M.retry }));
    expect(await screen.findByText(M.none)).toBeInTheDocument();
  });

  it("shows the server's refusal under the name", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: string, init?: RequestInit) =>
        init?.method === 'POST' ? json({ success: false, message: M.tooMany(10) }, 409) : json({ data: [] }),
      ),
    );
    renderPage();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(M.nameLabel), 'One too many');
    await user.click(screen.getByRole('button', { name: M.create }));
    expect(await screen.findByText(M.tooMany(10))).toBeInTheDocument();
    expect(screen.getByLabelText(M.nameLabel)).toHaveAttribute('aria-invalid', 'true');
  });
});
