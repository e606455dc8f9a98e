import type { z } from 'zod';
import type { claimProviderBody } from '@solar/shared/contracts/providers';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { AppError } from '../../platform/errors';
import { requireVerifiedEmail } from '../../plugins/auth';
import type { AppContext } from '../../plugins/context';
import type { SignupProviderHook } from '../accounts/accounts.hooks';
import { requireProvider } from './provider-access.service';
import * as claims from './provider-claims.repository';
import { findProvider, type ProviderRow } from './providers.repository';

type Ctx = Pick<AppContext, 'database' | 'clock'>;
/** What filing a claim reads and writes (a unit test passes a fake; decision 0348). */
export type ClaimFiling = Pick<typeof claims, 'findPendingClaim' | 'insertClaim' | 'updateClaim' | 'markProviderClaimed'>;

/**
 * Files a claim inside the caller's transaction: pending for admin review (ruling), recorded as a
 * dispute on a profile that already has an approved owner (decision 0146); one open claim per user
 * and profile (a second submission updates it). The first claim marks the profile claimed.
 */
export async function fileClaim(
  tx: Db,
  row: Pick<ProviderRow, 'id' | 'userId' | 'claimed' | 'claimApproved'>,
  userId: string,
  input: { companyRole: string; message: string },
  now: Date,
  repo: ClaimFiling = claims,
) {
  const kind = row.claimApproved && row.userId ? ('dispute' as const) : ('claim' as const);
  const open = await repo.findPendingClaim(tx, row.id, userId);
  if (open) return repo.updateClaim(tx, open.id, { companyRole: input.companyRole, message: input.message, kind, updatedAt: now });
  const created = await repo.insertClaim(tx, {
    providerId: row.id,
    userId,
    companyRole: input.companyRole,
    message: input.message,
    kind,
    createdAt: now,
    updatedAt: now,
  });
  if (!row.claimed) await repo.markProviderClaimed(tx, row.id);
  return created;
}

/** `POST /api/providers/{id}/claim`: a verified address only (403, decision 0337); the owner cannot claim their own profile (409). */
export async function claimProvider(ctx: Ctx, user: UserRow, idOrSlug: string, input: z.output<typeof claimProviderBody>) {
  requireVerifiedEmail(user, 'claim');
  const row = await requireProvider(ctx, idOrSlug);
  if (row.userId === user.id && row.claimApproved) throw new AppError('CONFLICT', M.alreadyOwner);
  const now = ctx.clock.now();
  const claim = await ctx.database.db.transaction((tx) =>
    fileClaim(tx, row, user.id, { companyRole: input.companyRole, message: input.message ?? '' }, now),
  );
  return { id: claim.id, status: 'pending' as const, kind: claim.kind };
}

/**
 * The accounts hook for a sign-up with `providerId` (decisions 0102, 0148): files a pending claim
 * (or a dispute) in the sign-up's own transaction and marks the intent processed. An unknown id or
 * slug files nothing and never fails the sign-up.
 */
export const claimAtSignup: SignupProviderHook = async (tx, { userId, providerId, company }) => {
  const row = await findProvider(tx, providerId.trim());
  if (!row) return;
  // The intent carries the sign-up's time (the accounts feature's clock): the claim uses it too.
  const now = (await claims.signupIntentTime(tx, userId, providerId)) ?? new Date();
  await fileClaim(tx, row, userId, { companyRole: M.signupClaimRole, message: M.signupClaimMessage(company) }, now);
  await claims.markSignupIntentProcessed(tx, userId, providerId, now);
};
