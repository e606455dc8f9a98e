import type { Readable } from 'node:stream';
import { ACCREDITATION_LIMITS as L, TRUST_MESSAGES as M, accreditationLabel } from '@solar/shared/constants/trust';
import type { Accreditation, AdminAccreditation } from '@solar/shared/contracts/trust';
import type { UserRow } from '../../db/rows';
import { isUuid } from '../../db/sql-helpers';
import { AppError } from '../../platform/errors';
import { sendInBackground } from '../../platform/mail';
import { accreditationOwnsFile, purgeUnownedFiles, releaseAccreditationFile } from '../../platform/stored-files';
import type { AppContext } from '../../plugins/context';
import { writeAudit } from '../admin/admin-audit.service';
import { requireEditableProvider, requireLocked } from '../providers/provider-access.service';
import * as repo from './accreditations.repository';
import type { AccreditationUpload } from './accreditations.uploads';
import { expiryReminderMail } from './trust.mail';
import { toAccreditation, toAdminAccreditation } from './trust.mapper';

/** Accreditations with evidence (docs/product/trust.md#accreditations, decision 0482). */

type Ctx = Pick<AppContext, 'database' | 'storage' | 'clock' | 'log' | 'mailer' | 'env'>;

const DAY = 86_400_000;
const ukDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
/** The UK calendar date of an instant, as yyyy-mm-dd: an accreditation expires at the end of its UK day. */
export const ukDate = (at: Date) => ukDay.format(at);

export async function listAccreditations(ctx: Ctx, user: UserRow, idOrSlug: string): Promise<Accreditation[]> {
  const provider = await requireEditableProvider(ctx, user, idOrSlug);
  return (await repo.listOfProvider(ctx.database.db, provider.id)).map(toAccreditation);
}

export async function createAccreditation(ctx: Ctx, user: UserRow, idOrSlug: string, read: () => Promise<AccreditationUpload>): Promise<Accreditation> {
  const provider = await requireEditableProvider(ctx, user, idOrSlug);
  const upload = await read();
  const f = upload.fields;
  if (f.expiresOn && f.expiresOn < ukDate(ctx.clock.now())) throw new AppError('BAD_REQUEST', 'This accreditation has already expired; add the renewed one');
  let stored: { key: string; size: number } | null = null;
  if (upload.evidence) stored = await ctx.storage.put('private', upload.evidence.bytes, upload.evidence.extension);
  try {
    const row = await ctx.database.db.transaction(async (tx) => {
      await requireLocked(tx, provider.id);
      if ((await repo.countOfProvider(tx, provider.id)) >= L.perProvider) throw new AppError('CONFLICT', M.tooManyAccreditations);
      const now = ctx.clock.now();
      return repo.insertAccreditation(
        tx,
        {
          providerId: provider.id,
          scheme: f.scheme,
          otherName: f.scheme === 'other' ? f.otherName : null,
          number: f.number,
          scope: f.scope,
          expiresOn: f.expiresOn,
          evidenceFilename: upload.evidence?.filename ?? null,
          evidenceMime: upload.evidence?.mime ?? null,
          evidenceKey: stored?.key ?? null,
          evidenceSize: stored?.size ?? null,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        },
        user.id,
      );
    });
    return toAccreditation(row);
  } catch (error) {
    // Never a file without its row.
    if (stored) await ctx.storage.delete('private', stored.key).catch(() => undefined);
    throw error;
  }
}

async function requireOwnAccreditation(ctx: Ctx, user: UserRow, idOrSlug: string, id: string) {
  const provider = await requireEditableProvider(ctx, user, idOrSlug);
  const row = isUuid(id) ? await repo.findAccreditation(ctx.database.db, id) : undefined;
  if (!row || row.providerId !== provider.id) throw new AppError('NOT_FOUND', M.accreditationNotFound);
  return { provider, row };
}

export async function deleteAccreditation(ctx: Ctx, user: UserRow, idOrSlug: string, id: string): Promise<void> {
  const { provider, row } = await requireOwnAccreditation(ctx, user, idOrSlug, id);
  const released = await ctx.database.db.transaction(async (tx) => {
    const keys = await releaseAccreditationFile(tx, row.id, row.evidenceKey);
    await repo.deleteAccreditation(tx, row.id);
    await repo.refreshVerifiedSchemes(tx, [provider.id]);
    return keys;
  });
  await purgeUnownedFiles(ctx, { storageClass: 'private', keys: released });
}

/** The evidence, to the owner and admins only, and only when the records say the accreditation owns the file. */
export async function openEvidence(ctx: Ctx, user: UserRow, idOrSlug: string, id: string): Promise<{ stream: Readable; size: number; filename: string; mimeType: string }> {
  const { row } = await requireOwnAccreditation(ctx, user, idOrSlug, id);
  if (!row.evidenceKey || !(await accreditationOwnsFile(ctx.database.db, row.id, row.evidenceKey))) throw new AppError('NOT_FOUND', M.evidenceNotFound);
  const file = await ctx.storage.open('private', row.evidenceKey);
  if (!file) throw new AppError('NOT_FOUND', M.evidenceNotFound);
  return { ...file, filename: row.evidenceFilename ?? 'evidence', mimeType: row.evidenceMime ?? 'application/octet-stream' };
}

export async function listForAdmin(ctx: Ctx, query: { page: number; status: 'waiting' | 'self-declared' | 'verified' | 'expired' }) {
  const pageSize = 20;
  const { rows, total } = await repo.listForAdmin(ctx.database.db, query.status, query.page, pageSize);
  return {
    success: true as const,
    data: rows.map((r) => toAdminAccreditation(r.a, r.provider)),
    pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / pageSize)), total },
  };
}

/**
 * An admin verifies against the evidence (dated: "Verified on …"), or declines with a note the
 * owner sees; either is in the admin log.
 */
export async function verify(ctx: Ctx, admin: UserRow, id: string, input: { decision: 'verify' | 'decline'; note: string }): Promise<AdminAccreditation> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', M.accreditationNotFound);
  const now = ctx.clock.now();
  return ctx.database.db.transaction(async (tx) => {
    const row = await repo.lockAccreditation(tx, id);
    if (!row) throw new AppError('NOT_FOUND', M.accreditationNotFound);
    const provider = await requireLocked(tx, row.providerId);
    if (input.decision === 'verify') {
      if (row.status === 'verified') throw new AppError('CONFLICT', M.alreadyVerified);
      if (row.status === 'expired') throw new AppError('CONFLICT', M.expiredCannotVerify);
      if (!row.evidenceKey) throw new AppError('CONFLICT', M.evidenceMissing);
    }
    const updated = await repo.setStatus(
      tx,
      row.id,
      input.decision === 'verify'
        ? { status: 'verified', verifiedAt: now, verifiedBy: admin.id, reviewNote: input.note || null, updatedAt: now }
        : { status: row.status === 'expired' ? 'expired' : 'self-declared', verifiedAt: null, verifiedBy: admin.id, reviewNote: input.note || 'Not verified', updatedAt: now },
    );
    await repo.refreshVerifiedSchemes(tx, [row.providerId]);
    const label = accreditationLabel(row.scheme, row.otherName);
    await writeAudit(tx, admin, now, {
      action: input.decision === 'verify' ? 'accreditation.verify' : 'accreditation.decline',
      targetType: 'accreditation',
      targetId: row.id,
      summary: `${admin.name} ${input.decision === 'verify' ? 'verified' : 'declined'} ${label} on ${provider.businessName}`,
      before: { status: row.status },
      after: { status: updated.status, note: updated.reviewNote },
    });
    return toAdminAccreditation(updated, { id: provider.id, slug: provider.slug, name: provider.businessName });
  });
}

/**
 * The accreditation job (decision 0482): an accreditation past its expiry date becomes Expired by
 * itself (and leaves the verified filter); owners are mailed once, 30 days before.
 */
export async function runAccreditationJob(ctx: Ctx): Promise<{ expired: number; reminded: number }> {
  const now = ctx.clock.now();
  const db = ctx.database.db;
  const expired = await db.transaction(async (tx) => {
    const rows = await repo.expire(tx, ukDate(now), now);
    await repo.refreshVerifiedSchemes(tx, [...new Set(rows.map((r) => r.providerId))]);
    return rows.length;
  });
  const due = await repo.dueReminders(db, ukDate(new Date(now.getTime() + L.remindDaysBefore * DAY)));
  for (const r of due) {
    await repo.setStatus(db, r.a.id, { remindedAt: now, updatedAt: now });
    void sendInBackground(ctx, expiryReminderMail(r.owner, { ...r.a, expiresOn: r.a.expiresOn! }, r.provider, ctx.env.PUBLIC_URL), 'accreditation-reminder');
  }
  return { expired, reminded: due.length };
}
