import { and, count, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMIN_MESSAGES as M, ANALYTICS_TOP_PATHS } from '@solar/shared/constants/admin';
import type {
  AdminClaim,
  AdminUser,
  AnalyticsSummary,
  WaitingItem,
  actOnWaitingBody,
  listAdminClaimsQuery,
  listAdminUsersQuery,
  listAuditLogQuery,
  reviewClaimBody,
  updateAdminUserBody,
} from '@solar/shared/contracts/admin';
import type { Db } from '../../db/client';
import { isoDay, isUniqueViolation, isUuid } from '../../db/sql-helpers';
import { adminAuditLog, adminWaitingActions, providerClaims, providers, users, type ProviderRow, type UserRow } from '../../db/schema/index';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import type { MailMessage } from '../../platform/mail';
import { adminMails } from './admin.mail';
import { auditUser, toAdminClaim, toAdminUser, toAuditEntry, toWaitingInvitation, toWaitingQuote } from './admin.mapper';
import * as repo from './admin.repository';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'mailer' | 'log' | 'env'>;

const pagination = (page: number, pageSize: number, total: number) => ({ page, pageSize, total, pages: Math.max(1, Math.ceil(total / pageSize)) });

/** Mail after the commit, without holding up the response; a failure is only logged. */
function sendLater(ctx: Ctx, messages: MailMessage[], kind: string) {
  for (const message of messages) {
    void ctx.mailer.send(message).catch((err: unknown) =>
      ctx.log.error({ err: err instanceof Error ? { message: err.message } : String(err), kind }, 'mail failed'),
    );
  }
}

interface AuditInput {
  action: string;
  targetType: 'user' | 'claim' | 'provider' | 'waiting';
  targetId: string;
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** Every admin action writes one row, inside the transaction of the change it records (decision 0230). */
export async function writeAudit(tx: Db, actor: UserRow, at: Date, entry: AuditInput) {
  await tx.insert(adminAuditLog).values({
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    summary: entry.summary,
    before: entry.before ?? null,
    after: entry.after ?? null,
    createdAt: at,
  });
}

// ---- Users ----

export async function listUsers(ctx: Ctx, query: z.output<typeof listAdminUsersQuery>) {
  const { rows, total } = await repo.listUsers(ctx.database.db, query.q || undefined, query.page, query.pageSize);
  return { data: rows.map(toAdminUser), pagination: pagination(query.page, query.pageSize, total) };
}

/**
 * docs/product/admin.md#users: an admin edits any user's name, email, company and type and grants or revokes admin.
 * The last admin can never be revoked; emails stay unique (case-insensitive). One transaction with
 * its audit row.
 */
export async function updateUser(ctx: Ctx, actor: UserRow, id: string, input: z.output<typeof updateAdminUserBody>): Promise<AdminUser> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', M.userNotFound);
  const now = ctx.clock.now();
  try {
    await ctx.database.db.transaction(async (tx) => {
      // Lock the admins first (a fixed order), so concurrent revocations serialise.
      const admins = input.is_admin === false ? await repo.lockAdmins(tx) : [];
      const current = await repo.lockUser(tx, id);
      if (!current) throw new AppError('NOT_FOUND', M.userNotFound);
      if (input.is_admin === false && current.isAdmin && !admins.some((a) => a !== id)) throw new AppError('CONFLICT', M.lastAdmin);
      if (input.email !== undefined && input.email !== current.email.toLowerCase() && (await repo.emailTakenByOther(tx, input.email, id))) {
        throw new AppError('CONFLICT', M.emailExists);
      }
      const changes: Partial<Pick<UserRow, 'name' | 'email' | 'company' | 'type' | 'isAdmin'>> = {};
      if (input.name !== undefined && input.name !== current.name) changes.name = input.name;
      if (input.email !== undefined && input.email !== current.email) changes.email = input.email;
      // Verified means this address received our link: a new address must be verified again (decision 0337).
      const reverify = changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase();
      if (input.company !== undefined && input.company !== current.company) changes.company = input.company;
      if (input.type !== undefined && input.type !== current.type) changes.type = input.type;
      if (input.is_admin !== undefined && input.is_admin !== current.isAdmin) changes.isAdmin = input.is_admin;
      if (Object.keys(changes).length === 0) return;
      const [updated] = await tx
        .update(users)
        .set({ ...changes, ...(reverify && { emailVerifiedAt: null }), updatedAt: now })
        .where(eq(users.id, id))
        .returning();
      const before = auditUser(current);
      const after = auditUser(updated!);
      const changed = (Object.keys(before) as Array<keyof typeof before>).filter((k) => before[k] !== after[k]);
      const action =
        changes.isAdmin === true ? 'user.grant_admin' : changes.isAdmin === false ? 'user.revoke_admin' : 'user.update';
      await writeAudit(tx, actor, now, {
        action,
        targetType: 'user',
        targetId: id,
        summary: `${actor.name} changed ${changed.join(', ')} of ${updated!.name}`,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      });
    });
  } catch (err) {
    // Two edits racing for one address: the unique index on lower(email) decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.emailExists);
    throw err;
  }
  const row = await repo.findUserWithDeletion(ctx.database.db, id);
  return toAdminUser(row!);
}

// ---- Claims ----

export async function listClaims(ctx: Ctx, query: z.output<typeof listAdminClaimsQuery>) {
  const { rows, counts, total } = await repo.listClaims(ctx.database.db, query.status, query.page, query.pageSize);
  return { data: rows.map(toAdminClaim), counts, pagination: pagination(query.page, query.pageSize, total) };
}

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
    const [claim] = await tx.select().from(providerClaims).where(eq(providerClaims.id, id)).for('update');
    if (!claim) throw new AppError('NOT_FOUND', M.claimNotFound);
    if (claim.status !== 'pending') throw new AppError('CONFLICT', M.claimAlreadyReviewed);
    if (input.status === 'approved') {
      // A claim filed before the claimant proved their address (at sign-up) waits for it (decision 0337).
      const [claimant] = await tx.select({ emailVerifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, claim.userId)).for('share');
      if (!claimant?.emailVerifiedAt) throw new AppError('CONFLICT', M.claimantNotVerified);
    }
    const [current] = await tx.select().from(providers).where(eq(providers.id, claim.providerId)).for('update');
    const ownership = (p: typeof current) => ({ userId: p!.userId, claimed: p!.claimed, claimApproved: p!.claimApproved });
    await tx
      .update(providerClaims)
      .set({ status: input.status, reviewedBy: actor.id, reviewedAt: now, reviewMessage: note, updatedAt: now })
      .where(eq(providerClaims.id, id));
    await writeAudit(tx, actor, now, {
      action: input.status === 'approved' ? 'claim.approve' : 'claim.reject',
      targetType: 'claim',
      targetId: id,
      summary: `${actor.name} ${input.status} a claim on ${current!.businessName}`,
      before: { status: 'pending' },
      after: { status: input.status, reviewMessage: note },
    });
    mails.push({ userId: claim.userId, status: input.status, note });

    let next: ProviderRow = current!;
    if (input.status === 'approved') {
      next = (
        await tx
          .update(providers)
          .set({ userId: claim.userId, claimed: true, claimApproved: true, updatedAt: now })
          .where(eq(providers.id, claim.providerId))
          .returning()
      )[0]!;
      const competing = await tx
        .update(providerClaims)
        .set({ status: 'rejected', reviewedBy: actor.id, reviewedAt: now, reviewMessage: M.competingClaimApproved, updatedAt: now })
        .where(and(eq(providerClaims.providerId, claim.providerId), eq(providerClaims.status, 'pending'), ne(providerClaims.id, id)))
        .returning({ id: providerClaims.id, userId: providerClaims.userId });
      for (const other of competing) {
        await writeAudit(tx, actor, now, {
          action: 'claim.reject',
          targetType: 'claim',
          targetId: other.id,
          summary: `Rejected because another claim on ${current!.businessName} was approved`,
          before: { status: 'pending' },
          after: { status: 'rejected', reviewMessage: M.competingClaimApproved },
        });
        mails.push({ userId: other.userId, status: 'rejected', note: M.competingClaimApproved });
      }
    } else if (!current!.claimApproved) {
      const [open] = await tx
        .select({ n: count() })
        .from(providerClaims)
        .where(and(eq(providerClaims.providerId, claim.providerId), eq(providerClaims.status, 'pending')));
      // Back to how it was before the claim: the providers feature marks a profile claimed when a claim arrives.
      if ((open?.n ?? 0) === 0 && current!.claimed) {
        next = (await tx.update(providers).set({ claimed: false, updatedAt: now }).where(eq(providers.id, claim.providerId)).returning())[0]!;
      }
    }
    const before = ownership(current);
    const after = ownership(next);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await writeAudit(tx, actor, now, {
        action: 'provider.ownership',
        targetType: 'provider',
        targetId: current!.id,
        summary: `${current!.businessName}: ownership after the claim review`,
        before,
        after,
      });
    }
    return next;
  });

  const recipients = await ctx.database.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(repo.inIds(users.id, mails.map((m) => m.userId)));
  const byId = new Map(recipients.map((r) => [r.id, r]));
  sendLater(
    ctx,
    mails.flatMap((m) => {
      const to = byId.get(m.userId);
      return to ? [adminMails.claimOutcome(to, { status: m.status, providerName: provider.businessName, providerSlug: provider.slug, note: m.note }, ctx.env.PUBLIC_URL)] : [];
    }),
    'claim-outcome',
  );
  const row = await repo.findClaim(ctx.database.db, id);
  return toAdminClaim(row!);
}

// ---- Audit log ----

export async function listAudit(ctx: Ctx, query: z.output<typeof listAuditLogQuery>) {
  const { rows, total } = await repo.listAudit(ctx.database.db, query, query.page, query.pageSize);
  return { data: rows.map(toAuditEntry), pagination: pagination(query.page, query.pageSize, total) };
}

/** Records an admin action taken through another feature's route (e.g. cancelling a deletion). */
export async function recordAction(ctx: Ctx, actor: UserRow, entry: AuditInput) {
  await writeAudit(ctx.database.db, actor, ctx.clock.now(), entry);
}

// ---- Analytics (docs/product/admin.md#analytics: admins see the figures) ----

const DAY_MS = 86_400_000;

export async function getAnalytics(ctx: Ctx, days: number): Promise<AnalyticsSummary> {
  const today = new Date(Math.floor(ctx.clock.now().getTime() / DAY_MS) * DAY_MS);
  const since = new Date(today.getTime() - (days - 1) * DAY_MS);
  const [perDay, top] = await Promise.all([
    repo.pageViewsPerDay(ctx.database.db, since),
    repo.topPaths(ctx.database.db, since, ANALYTICS_TOP_PATHS),
  ]);
  const counts = new Map(perDay.map((r) => [r.day, Number(r.views)]));
  const series = Array.from({ length: days }, (_, i) => {
    const date = isoDay(new Date(since.getTime() + i * DAY_MS));
    return { date, views: counts.get(date) ?? 0 };
  });
  return {
    days,
    total: series.reduce((sum, d) => sum + d.views, 0),
    perDay: series,
    topPaths: top.map((r) => ({ path: r.path, views: Number(r.views) })),
  };
}

// ---- Waiting list (decision 0234) ----

export async function listWaiting(ctx: Ctx, show: 'open' | 'all'): Promise<WaitingItem[]> {
  const [invitations, quotes] = await Promise.all([repo.listWaitingInvitations(ctx.database.db, show), repo.listWaitingQuotes(ctx.database.db, show)]);
  return [...invitations.map(toWaitingInvitation), ...quotes.map(toWaitingQuote)].sort((a, b) => b.sentAt.localeCompare(a.sentAt));
}

function parseInvitationRef(refId: string) {
  const [tenderId, providerId, ...rest] = refId.split(':');
  if (rest.length || !tenderId || !providerId || !isUuid(tenderId) || !isUuid(providerId)) return null;
  return { tenderId, providerId };
}

interface WaitingRow {
  item: WaitingItem;
  description: string;
  tenderId: string | null;
}

async function loadWaiting(ctx: Ctx, kind: 'invitation' | 'quote', refId: string): Promise<WaitingRow | undefined> {
  if (kind === 'invitation') {
    const ref = parseInvitationRef(refId);
    if (!ref) return undefined;
    const [row] = await repo.listWaitingInvitations(ctx.database.db, 'all', ref);
    return row && { item: toWaitingInvitation(row), description: '', tenderId: row.tender_id };
  }
  if (!isUuid(refId)) return undefined;
  const [row] = await repo.listWaitingQuotes(ctx.database.db, 'all', refId);
  return row && { item: toWaitingQuote(row), description: row.description, tenderId: null };
}

/** Forward to the company's public email, close, or resolve once the provider is claimed (decision 0234). */
export async function actOnWaiting(
  ctx: Ctx,
  actor: UserRow,
  kind: 'invitation' | 'quote',
  refId: string,
  input: z.output<typeof actOnWaitingBody>,
): Promise<WaitingItem> {
  const found = await loadWaiting(ctx, kind, refId);
  if (!found) throw new AppError('NOT_FOUND', M.waitingNotFound);
  const { item } = found;
  if (item.status === 'closed' || item.status === 'resolved') throw new AppError('CONFLICT', `This request is already ${item.status}`);
  if (input.action === 'forward' && !item.provider.email) throw new AppError('CONFLICT', M.noPublicEmail);
  if (input.action === 'resolve' && !item.provider.claimApproved) throw new AppError('CONFLICT', M.notClaimedYet);
  const status = input.action === 'forward' ? 'forwarded' : input.action === 'close' ? 'closed' : 'resolved';
  const now = ctx.clock.now();
  const forwardedTo = input.action === 'forward' ? item.provider.email : item.forwardedTo;
  await ctx.database.db.transaction(async (tx) => {
    await tx
      .insert(adminWaitingActions)
      .values({ kind, refId, status, forwardedTo, actedBy: actor.id, actedAt: now })
      .onConflictDoUpdate({ target: [adminWaitingActions.kind, adminWaitingActions.refId], set: { status, forwardedTo, actedBy: actor.id, actedAt: now } });
    await writeAudit(tx, actor, now, {
      action: `waiting.${input.action}`,
      targetType: 'waiting',
      targetId: `${kind}:${refId}`,
      summary: `${actor.name} ${status} the ${kind === 'quote' ? 'quote request' : 'invitation'} to ${item.provider.name}: "${item.title}"`,
      before: { status: item.status },
      after: { status, ...(input.action === 'forward' && { forwardedTo }) },
    });
  });
  if (input.action === 'forward') {
    const common = {
      providerName: item.provider.name,
      providerSlug: item.provider.slug,
      title: item.title,
      senderName: item.sender?.name ?? null,
      senderCompany: item.sender?.company ?? null,
    };
    const mail =
      kind === 'invitation'
        ? adminMails.forwardedInvitation(item.provider.email!, { ...common, tenderId: found.tenderId! }, ctx.env.PUBLIC_URL)
        : adminMails.forwardedQuote(item.provider.email!, { ...common, description: found.description }, ctx.env.PUBLIC_URL);
    sendLater(ctx, [mail], 'waiting-forward');
  }
  return (await loadWaiting(ctx, kind, refId))!.item;
}
