import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_MESSAGES as M } from '@solar/shared/constants/admin';
import type { AdminClaim } from '@solar/shared/contracts/admin';
import { ClaimsTab } from './claims-tab';

const claim = (id: string, name: string, emailVerified: boolean): AdminClaim => ({
  id,
  status: 'pending',
  kind: 'claim',
  companyRole: 'Director',
  message: '',
  reviewMessage: null,
  requestedAt: '2026-11-24T09:00:00.000Z',
  reviewedAt: null,
  provider: { id: `p-${id}`, name: `${name} Solar`, slug: `${id}-solar` },
  claimant: { id: `u-${id}`, name, email: `${id}@acme-solar.co.uk`, emailVerified },
  reviewedBy: null,
  checks: { emailDomain: 'acme-solar.co.uk', websiteDomain: null, domainsMatch: null, companyNumber: null, companyCheck: null, claimantOfficer: null },
});

afterEach(() => vi.unstubAllGlobals());

describe('Provider Claims: the claimant’s verification (decision 0337)', () => {
  it('badges each claimant and lets an admin approve only a verified one, saying why', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const pending = new URL(url, 'http://x').searchParams.get('status') === 'pending';
        const data = pending ? [claim('a', 'Vera Verified', true), claim('b', 'Una Unverified', false)] : [];
        return new Response(JSON.stringify({ success: true, data, counts: { pending: 2, approved: 0, rejected: 0 }, pagination: { page: 1, pages: 1, total: data.length, pageSize: 200 } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={createMemoryRouter([{ path: '*', element: <ClaimsTab /> }])} />
      </QueryClientProvider>,
    );
    const verified = await screen.findByRole('listitem', { name: 'Claim on Vera Verified Solar by Vera Verified' });
    expect(within(verified).getByText(M.emailVerifiedBadge)).toBeInTheDocument();
    expect(within(verified).getByRole('button', { name: 'Approve' })).toBeEnabled();

    const unverified = screen.getByRole('listitem', { name: 'Claim on Una Unverified Solar by Una Unverified' });
    expect(within(unverified).getByText(M.emailNotVerifiedBadge)).toBeInTheDocument();
    const approve = within(unverified).getByRole('button', { name: 'Approve' });
    expect(approve).toBeDisabled();
    expect(approve).toHaveAccessibleDescription(M.claimantNotVerified);
    expect(within(unverified).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });
});
