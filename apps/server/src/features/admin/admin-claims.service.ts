import type { z } from 'zod';
import { ADMIN_MESSAGES as M } from '@solar/shared/constants/admin';
import type { AdminClaim, listAdminClaimsQuery, reviewClaimBody } from '@solar/shared/contracts/admin';
import type { UserRow } from '../../db/rows';
import { isUuid } from '../../db/sql-helpers';
import { AppError } from '../../platform/errors';
import { sendInBackground } from '../../platform/mail';
import type { AppContext } from '../../plugins/context';
import { writeAudit } from './admin-audit.service';
import * as claims from './admin-claims.repository';
import { listMailRecipients } from './admin-users.repository';
import { adminMails } from './admin.mail';
import { claimChecksFor } from '../trust/claim-checks';
import { pageOf, toAdminClaim } from './admin.mapper';

/** The Claims tab (docs/product/admin.md#claim-review). */

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'log' | 'env'>;

export async function listClaims(ctx: Ctx, query: z.output<typeof listAdminClaimsQuery>) {
  const { rows, counts, total } = await claims.listClaims(ctx.database.db, query.status, query.page, query.pageSize);
  const checks = await claimChecksFor(ctx.database.db, rows.map(checkInput));
  return { data: rows.map((r, i) => toAdminClaim(r, checks[i]!)), counts, pagination: pageOf(query.page, query.pageSize, total) };
}

/** The claim's email domain and Companies House checks (issue 31): facts shown beside it. */
const checkInput = (r: claims.ClaimListRow) => ({ providerId: r.claim.providerId, claimantName: r.claimantName, claimantEmail: r.claimantEmail });

const ownership = (p: claims.ProviderRow) => ({ userId: p.userId, claimed: p.claimed, claimApproved: p.claimApproved });

/**
 * Claim review (docs/product/admin.md#claim-review, decision 0232). Approval, in one transaction: the claimant
 * becomes the provider's owner (`userId`), `claimed` and `claimApproved` become true, and the other
 * pending claims on that provider are rejected. Rejection leaves ownership as it was; a provider with
 * no owner and no other pending claim goes back to unclaimed. The claimants are mailed the outcome.
 */
export async function reviewClaim(ctx: Ctx, actor: UserRow, id: string, input: z.output<typeof reviewClaimBody>): Promise<AdminClaim> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', M.claimNotFound);
  const now = ctx.clock.now();
  const note = input.message || null;
  const mails: Array<{ userId: string; status: 'approved' | 'rejected'; note: string | null }> = [];
  const provider = await ctx.database.db.transaction(async (tx) => {
    const claim = await claims.lockClaim(tx, id);
    if (!claim) throw new AppError('NOT_FOUND', M.claimNotFound);
    if (claim.status !== 'pending') throw new AppError('CONFLICT', M.claimAlreadyReviewed);
    // A claim filed before the claimant proved their address (at sign-up) waits for it (decision 0337).
    if (input.status === 'approved' && !(await claims.claimantVerifiedAt(tx, claim.userId))) throw new AppError('CONFLICT', M.claimantNotVerified);
    const current = (await claims.lockClaimedProvider(tx, claim.providerId))!;
    await claims.recordReview(tx, id, { status: input.status, reviewedBy: actor.id, reviewMessage: note }, now);
    await writeAudit(tx, actor, now, {
      action: input.status === 'approved' ? 'claim.approve' : 'claim.reject',
      targetType: 'claim',
      targetId: id,
      summary: `${actor.name} ${input.status} a claim on ${current.businessName}`,
      before: { status: 'pending' },
      after: { status: input.status, reviewMessage: note },
    });
    mails.push({ userId: claim.userId, status: input.status, note });

    let next = current;
    if (input.status === 'approved') {
      next = await claims.setProviderOwnership(tx, claim.providerId, { userId: claim.userId, claimed: true, claimApproved: true }, now);
      const competing = await claims.rejectOtherPendingClaims(tx, claim.providerId, id, { reviewedBy: actor.id, reviewMessage: M.competingClaimApproved }, now);
      for (const other of competing) {
        await writeAudit(tx, actor, now, {
          action: 'claim.reject',
          targetType: 'claim',
          targetId: other.id,
          summary: `Rejected because another claim on ${current.businessName} was approved`,
          before: { status: 'pending' },
          after: { status: 'rejected', reviewMessage: M.competingClaimApproved },
        });
        mails.push({ userId: other.userId, status: 'rejected', note: M.competingClaimApproved });
      }
    } else if (!current.claimApproved && current.claimed && (await claims.countPendingClaims(tx, claim.providerId)) === 0) {
      // Back to how it was before the claim: the providers feature marks a profile claimed when a claim arrives.
      next = await claims.setProviderOwnership(tx, claim.providerId, { claimed: false }, now);
    }
    const before = ownership(current);
    const after = ownership(next);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await writeAudit(tx, actor, now, {
        action: 'provider.ownership',
        targetType: 'provider',
        targetId: current.id,
        summary: `${current.businessName}: ownership after the claim review`,
        before,
        after,
      });
    }
    return next;
  });

  const recipients = new Map((await listMailRecipients(ctx.database.db, mails.map((m) => m.userId))).map((r) => [r.id, r]));
  for (const m of mails) {
    const to = recipients.get(m.userId);
    const outcome = { status: m.status, providerName: provider.businessName, providerSlug: provider.slug, note: m.note };
    // After the commit, without holding up the response.
    if (to) void sendInBackground(ctx, adminMails.claimOutcome(to, outcome, ctx.env.PUBLIC_URL), 'claim-outcome');
  }
  const row = (await claims.findClaim(ctx.database.db, id))!;
  const [checks] = await claimChecksFor(ctx.database.db, [checkInput(row)]);
  return toAdminClaim(row, checks!);
}
