import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES as M } from '@solar/shared/constants/admin';
import type { AdminUser } from '@solar/shared/contracts/admin';
import { ClaimsTab } from './claims-tab';
import { json, renderWithProviders as renderTab } from '../../../test/render';
import { TendersTab } from './tenders-tab';
import { UsersTab } from './users-tab';

afterEach(() => vi.unstubAllGlobals());

describe("the admin lists' own failure texts when the server sends no message (decision 0353)", () => {
  it.each([
    ['Users', <UsersTab key="u" currentUserId="me" />, M.fetchUsersFailed],
    ['Provider Claims', <ClaimsTab key="c" />, M.fetchClaimsFailed],
    ['Tenders', <TendersTab key="t" />, M.fetchTendersFailed],
  ])('%s', async (_tab, ui, text) => {
    vi.stubGlobal('fetch', vi.fn(async () => json(500, { success: false })));
    renderTab(ui);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(text);
    expect(alert).not.toHaveTextContent('An error occurred');
  });
});

const user = (over: Partial<AdminUser> = {}): AdminUser =>
  ({
    id: 'u1',
    name: 'Ada Lovelace',
    email: 'ada@acme-solar.co.uk',
    company: 'Acme Solar',
    type: 'provider',
    is_admin: false,
    emailVerified: true,
    createdAt: '2026-11-01T09:00:00.000Z',
    deletionRequestedAt: null,
    deletionDueAt: null,
    ...over,
  }) as AdminUser;

describe("'Grant admin' is quiet and confirmed (decision 0354)", () => {
  it('is not a filled primary button, and nothing changes until the dialog is confirmed', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PATCH'
        ? json(200, { success: true, data: user({ is_admin: true }) })
        : json(200, { success: true, data: [user()], pagination: { page: 1, pages: 1, total: 1, pageSize: 25 } }),
    );
    vi.stubGlobal('fetch', fetch);
    const events = userEvent.setup();
    renderTab(<UsersTab currentUserId="me" />);
    const row = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    const grant = within(row).getByRole('button', { name: 'Grant admin' });
    expect(grant.className).not.toMatch(/\bbg-primary\b/);
    await events.click(grant);
    const dialog = await screen.findByRole('dialog', { name: 'Grant admin access?' });
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
    await events.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await events.click(grant);
    await events.click(within(await screen.findByRole('dialog', { name: 'Grant admin access?' })).getByRole('button', { name: 'Grant admin' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetch.mock.calls.find(([, init]) => init?.method === 'PATCH')!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ is_admin: true });
  });
});
