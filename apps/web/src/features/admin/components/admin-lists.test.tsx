import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES as M } from '@solar/shared/constants/admin';
import type { AdminUser, AuditEntry } from '@solar/shared/contracts/admin';
import type { Tender } from '@solar/shared/contracts/tenders';
import { AuditLogTab } from './audit-log-tab';
import { json, renderWithProviders as renderTab } from '../../../test/render';
import { TendersTab } from './tenders-tab';
import { UsersTab } from './users-tab';

/** Issue 28 item 8: the admin lists (users, tenders, audit log). */
const page = (data: unknown[]) => ({ success: true, data, pagination: { page: 1, pages: 1, total: data.length, pageSize: 25 } });

afterEach(() => vi.unstubAllGlobals());

const user = (over: Partial<AdminUser> = {}): AdminUser => ({
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
  lastSignInAt: null,
  suspendedAt: null,
  onlyAdmin: false,
  ...over,
});

describe('the users list', () => {
  it('shows whether each email address is confirmed and when each account last signed in, in UK time', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, page([user({ emailVerified: false }), user({ id: 'u2', name: 'Bob Brown', lastSignInAt: '2026-07-01T12:05:00.000Z' })]))));
    renderTab(<UsersTab currentUserId="me" />);
    const ada = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    const column = (row: HTMLElement, label: string) => within(row).getByText(label).nextElementSibling;
    expect(column(ada, 'Email address')).toHaveTextContent(M.emailNotVerifiedBadge);
    expect(column(ada, 'Last sign-in')).toHaveTextContent(M.neverSignedIn);
    const bob = screen.getByRole('listitem', { name: 'Bob Brown' });
    expect(column(bob, 'Email address')).toHaveTextContent(M.emailVerifiedBadge);
    // 12:05 UTC in July is 13:05 in the UK (British Summer Time).
    expect(column(bob, 'Last sign-in')).toHaveTextContent('01/07/2026 13:05 UK time');
  });

  it('the only admin cannot be revoked or suspend themselves: the buttons are off and the reason is shown', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, page([user({ id: 'me', name: 'Ada Admin', is_admin: true, onlyAdmin: true }), user({ id: 'u2', name: 'Other Admin', is_admin: true })]))));
    renderTab(<UsersTab currentUserId="me" />);
    const self = await screen.findByRole('listitem', { name: 'Ada Admin' });
    const revoke = within(self).getByRole('button', { name: 'Revoke admin' });
    expect(revoke).toBeDisabled();
    expect(revoke).toHaveAccessibleDescription(M.onlyAdminNote);
    expect(within(self).getByRole('button', { name: 'Suspend' })).toBeDisabled();
    expect(within(self).getByText(M.onlyAdminNote)).toBeVisible();
    // Another admin, while more than one can act, may lose the right.
    const other = screen.getByRole('listitem', { name: 'Other Admin' });
    expect(within(other).getByRole('button', { name: 'Revoke admin' })).toBeEnabled();
  });

  it('an admin who is not the only one still cannot suspend their own account', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, page([user({ id: 'me', name: 'Ada Admin', is_admin: true })]))));
    renderTab(<UsersTab currentUserId="me" />);
    const self = await screen.findByRole('listitem', { name: 'Ada Admin' });
    expect(within(self).getByRole('button', { name: 'Revoke admin' })).toBeEnabled();
    expect(within(self).getByRole('button', { name: 'Suspend' })).toHaveAccessibleDescription(M.cannotSuspendSelf);
  });

  it('suspends only after a confirmation that says no email is sent', async () => {
    const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT' ? json(200, { success: true, data: user({ suspendedAt: '2026-11-25T09:00:00.000Z' }) }) : json(200, page([user()])),
    );
    vi.stubGlobal('fetch', fetch);
    const events = userEvent.setup();
    renderTab(<UsersTab currentUserId="me" />);
    const row = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    await events.click(within(row).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend this account?' });
    expect(dialog).toHaveTextContent('No email is sent.');
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
    await events.click(within(dialog).getByRole('button', { name: 'Suspend account' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const [url, init] = fetch.mock.calls.find(([, i]) => i?.method === 'PUT')!;
    expect(url).toBe('/api/admin/users/u1/suspension');
    expect(JSON.parse(String(init!.body))).toEqual({ suspended: true });
  });

  it('shows a suspended account as suspended, with Reinstate', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => json(200, page([user({ suspendedAt: '2026-11-25T09:00:00.000Z' })]))));
    renderTab(<UsersTab currentUserId="me" />);
    const row = await screen.findByRole('listitem', { name: 'Ada Lovelace' });
    expect(within(row).getByText('Suspended', { exact: true })).toBeVisible();
    expect(within(row).getByRole('button', { name: 'Reinstate' })).toBeEnabled();
  });
});

const tender = (over: Partial<Tender>): Tender =>
  ({
    id: 't1',
    title: 'A tender',
    type: 'open',
    status: 'open',
    stage: 'active',
    source: 'Solar Manager',
    organisationName: 'Acme',
    user: null,
    publishedDate: '2026-11-01T09:00:00.000Z',
    closingDate: '2026-12-01T09:00:00.000Z',
    cancelReason: null,
    ...over,
  }) as Tender;

describe('the tenders list', () => {
  it('has Drafts and Cancelled groups; a cancelled tender is no longer under Closed', async () => {
    const data = [
      tender({ id: 'a', title: 'Open one' }),
      tender({ id: 'b', title: 'Draft one', stage: 'draft' }),
      tender({ id: 'c', title: 'Cancelled one', stage: 'cancelled', status: 'closed', cancelReason: 'The site was sold' }),
      tender({ id: 'd', title: 'Closed one', status: 'closed' }),
      tender({ id: 'e', title: 'Awarded one', stage: 'awarded', status: 'awarded' }),
    ];
    vi.stubGlobal('fetch', vi.fn(async () => json(200, { success: true, data })));
    renderTab(<TendersTab />);
    const group = async (name: RegExp) => within(await screen.findByRole('region', { name }));
    expect((await group(/^Drafts/)).getByRole('link').textContent).toBe('Draft one');
    expect((await group(/^Cancelled tenders/)).getByRole('link').textContent).toBe('Cancelled one');
    expect((await group(/^Cancelled tenders/)).getByText('Reason: The site was sold')).toBeVisible();
    expect((await group(/^Closed tenders/)).getAllByRole('link').map((l) => l.textContent)).toEqual(['Closed one']);
    expect((await group(/^Open tenders/)).getAllByRole('link').map((l) => l.textContent)).toEqual(['Open one']);
    expect((await group(/^Awarded tenders/)).getAllByRole('link').map((l) => l.textContent)).toEqual(['Awarded one']);
  });
});

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 'admin-1',
  source: 'admin',
  actor: { id: 'a1', name: 'Ada Admin' },
  action: 'user.update',
  targetType: 'user',
  targetId: '6c1f0f8e-3f6e-4a1e-9d7a-0a1b2c3d4e5f',
  target: { name: 'Bob Brown', detail: null },
  summary: 'Ada Admin changed email of Bob Brown',
  reason: null,
  changes: [],
  before: null,
  after: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  ...over,
});

describe('the audit log', () => {
  it('reads as who did what to what, with names not ids, times in UK time, and tender events', async () => {
    const data = [
      entry({
        id: 'tender-9',
        source: 'tender',
        action: 'tender.cancelled',
        targetType: 'tender',
        actor: { id: 'o1', name: 'Olive Owner' },
        target: { name: 'Clean 5 MW at Avonmouth', detail: null },
        reason: 'The site was sold',
        createdAt: '2026-07-01T12:05:00.000Z',
      }),
      entry({
        id: 'tender-8',
        source: 'tender',
        action: 'tender.extended',
        targetType: 'tender',
        actor: { id: 'o1', name: 'Olive Owner' },
        target: { name: 'Clean 5 MW at Avonmouth', detail: null },
        changes: [{ field: 'closingDate', from: '2026-07-10T11:00:00.000Z', to: '2026-07-20T11:00:00.000Z' }],
      }),
      entry({ id: 'admin-3', action: 'provider.ownership', targetType: 'provider', target: { name: 'Lark Energy', detail: null }, changes: [{ field: 'owner', from: null, to: 'Claire Claimant' }, { field: 'claimApproved', from: false, to: true }] }),
      entry({ id: 'admin-2', action: 'user.update', changes: [{ field: 'email', from: 'bob@old.example', to: 'bob@new.example' }] }),
      entry({ id: 'admin-1', action: 'user.suspend', changes: [{ field: 'suspended', from: false, to: true }] }),
    ];
    vi.stubGlobal('fetch', vi.fn(async () => json(200, page(data))));
    renderTab(<AuditLogTab />);
    const items = await screen.findAllByRole('listitem');
    const texts = items.filter((li) => li.parentElement?.parentElement?.tagName === 'SECTION').map((li) => li.textContent ?? '');
    expect(texts[0]).toContain('Olive Owner cancelled the tender “Clean 5 MW at Avonmouth”');
    expect(texts[0]).toContain('01/07/2026 13:05 UK time');
    expect(texts[0]).toContain('Reason: The site was sold');
    expect(texts[1]).toContain('Olive Owner extended the closing date of the tender “Clean 5 MW at Avonmouth”');
    expect(texts[1]).toContain('Closing date: 10/07/2026 12:00 → 20/07/2026 12:00');
    expect(texts[2]).toContain('Ada Admin’s claim review changed who owns “Lark Energy”');
    expect(texts[2]).toContain('Owner: (none) → Claire Claimant');
    expect(texts[2]).toContain('Claim approved: No → Yes');
    expect(texts[3]).toContain('Ada Admin changed the details of Bob Brown');
    expect(texts[3]).toContain('Email: bob@old.example → bob@new.example');
    expect(texts[4]).toContain('Ada Admin suspended Bob Brown');
    // No raw JSON and no user ids on the page.
    const all = screen.getByRole('region', { name: /Audit log/ }).textContent ?? '';
    expect(all).not.toMatch(/[{}]|"[a-z]+":|6c1f0f8e/);
  });
});
