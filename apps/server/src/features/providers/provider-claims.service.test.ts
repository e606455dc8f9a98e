import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { ProviderClaimRow } from './provider-claims.repository';
import { fileClaim, type ClaimFiling } from './provider-claims.service';

/**
 * The claim rules with the claims repository faked (decision 0348): claim or dispute, one open
 * claim per user and profile, and the profile marked claimed once. The queries themselves run on a
 * real database in test/providers-signup-claim.test.ts and the admin review tests.
 */

const tx = {} as Db;
const now = new Date('2026-11-24T09:00:00Z');
const input = { companyRole: 'Director', message: 'We run this site' };

function fakeClaims(open?: Partial<ProviderClaimRow>) {
  const calls: string[] = [];
  const claim = (values: Partial<ProviderClaimRow>) => ({ id: 'claim-new', status: 'pending', ...values }) as ProviderClaimRow;
  const repo: ClaimFiling = {
    findPendingClaim: async () => (open ? claim(open) : undefined),
    insertClaim: async (_tx, values) => {
      calls.push(`insert ${values.kind}`);
      return claim(values);
    },
    updateClaim: async (_tx, id, values) => {
      calls.push(`update ${id} ${values.kind}`);
      return claim({ ...open, ...values, id });
    },
    markProviderClaimed: async (_tx, providerId) => {
      calls.push(`mark ${providerId} claimed`);
    },
  };
  return { repo, calls };
}

describe('filing a provider claim (repository faked)', () => {
  it('files a first claim on an unclaimed profile as a pending claim and marks the profile claimed', async () => {
    const { repo, calls } = fakeClaims();
    const row = { id: 'p1', userId: null, claimed: false, claimApproved: false };
    const filed = await fileClaim(tx, row, 'u1', input, now, repo);
    expect(filed).toMatchObject({ kind: 'claim', status: 'pending', providerId: 'p1', userId: 'u1', createdAt: now, updatedAt: now, ...input });
    expect(calls).toEqual(['insert claim', 'mark p1 claimed']);
  });

  it('records a claim on a profile with an approved owner as a dispute, leaving the profile as it is', async () => {
    const { repo, calls } = fakeClaims();
    const filed = await fileClaim(tx, { id: 'p1', userId: 'owner', claimed: true, claimApproved: true }, 'u1', input, now, repo);
    expect(filed.kind).toBe('dispute');
    expect(calls).toEqual(['insert dispute']);
  });

  it('files a claim, not a dispute, while the profile has no approved owner (another claim only pending)', async () => {
    const { repo, calls } = fakeClaims();
    expect((await fileClaim(tx, { id: 'p1', userId: 'other', claimed: true, claimApproved: false }, 'u1', input, now, repo)).kind).toBe('claim');
    expect(calls).toEqual(['insert claim']);
  });

  it("updates the user's open claim on the profile instead of filing a second one", async () => {
    const { repo, calls } = fakeClaims({ id: 'claim-7', kind: 'claim', companyRole: 'Owner', message: 'old', createdAt: new Date(0) });
    const filed = await fileClaim(tx, { id: 'p1', userId: 'owner', claimed: true, claimApproved: true }, 'u1', input, now, repo);
    expect(calls).toEqual(['update claim-7 dispute']);
    expect(filed).toMatchObject({ id: 'claim-7', kind: 'dispute', updatedAt: now, createdAt: new Date(0), ...input });
  });
});
