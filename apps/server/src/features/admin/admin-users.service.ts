import type { z } from 'zod';
import { ADMIN_MESSAGES as M } from '@solar/shared/constants/admin';
import type { AdminUser, listAdminUsersQuery, updateAdminUserBody, updateUserSuspensionBody } from '@solar/shared/contracts/admin';
import type { UserRow } from '../../db/rows';
import { isUniqueViolation, isUuid } from '../../db/sql-helpers';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../../plugins/context';
import { deleteUserSessions } from '../../platform/sessions.repository';
import { writeAudit } from './admin-audit.service';
import * as users from './admin-users.repository';
import { auditUser, pageOf, toAdminUser } from './admin.mapper';

/** The Users tab (docs/product/admin.md#users). */

type Ctx = Pick<AppContext, 'database' | 'clock'>;

export async function listUsers(ctx: Ctx, query: z.output<typeof listAdminUsersQuery>) {
  const { rows, total, activeAdmins } = await users.listUsers(ctx.database.db, query.q || undefined, query.page, query.pageSize);
  return { data: rows.map((row) => toAdminUser(row, activeAdmins)), pagination: pageOf(query.page, query.pageSize, total) };
}

/** The fields of `input` that differ from `current`; a new address must be verified again (decision 0337). */
function userChanges(current: UserRow, input: z.output<typeof updateAdminUserBody>): users.UserChanges {
  const changes: users.UserChanges = {};
  if (input.name !== undefined && input.name !== current.name) changes.name = input.name;
  if (input.email !== undefined && input.email !== current.email) changes.email = input.email;
  if (input.company !== undefined && input.company !== current.company) changes.company = input.company;
  if (input.type !== undefined && input.type !== current.type) changes.type = input.type;
  if (input.is_admin !== undefined && input.is_admin !== current.isAdmin) changes.isAdmin = input.is_admin;
  // Verified means this address received our link.
  if (changes.email !== undefined && changes.email.toLowerCase() !== current.email.toLowerCase()) changes.emailVerifiedAt = null;
  return changes;
}

/** The user as the list shows them, after a change. */
async function adminUserNow(ctx: Ctx, id: string): Promise<AdminUser> {
  const [row, activeAdmins] = await Promise.all([users.findUserWithDeletion(ctx.database.db, id), users.countActiveAdmins(ctx.database.db)]);
  return toAdminUser(row!, activeAdmins);
}

/**
 * docs/product/admin.md#users: an admin edits any user's name, email, company and type and grants or revokes admin.
 * The last active admin (not suspended, no deletion pending; decision 0424) can never be revoked,
 * whoever asks, themselves included; emails stay unique (case-insensitive). One transaction with
 * its audit row.
 */
export async function updateUser(ctx: Ctx, actor: UserRow, id: string, input: z.output<typeof updateAdminUserBody>): Promise<AdminUser> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', M.userNotFound);
  const now = ctx.clock.now();
  try {
    await ctx.database.db.transaction(async (tx) => {
      // Lock the admins first (a fixed order), so concurrent revocations serialise.
      const admins = input.is_admin === false ? await users.lockAdmins(tx) : [];
      const current = await users.lockUser(tx, id);
      if (!current) throw new AppError('NOT_FOUND', M.userNotFound);
      if (input.is_admin === false && current.isAdmin && !admins.some((a) => a !== id)) throw new AppError('CONFLICT', M.lastAdmin);
      if (input.email !== undefined && input.email !== current.email.toLowerCase() && (await users.emailTakenByOther(tx, input.email, id))) {
        throw new AppError('CONFLICT', M.emailExists);
      }
      const changes = userChanges(current, input);
      if (Object.keys(changes).length === 0) return;
      const updated = await users.updateUserRow(tx, id, changes, now);
      const before = auditUser(current);
      const after = auditUser(updated);
      const changed = (Object.keys(before) as Array<keyof typeof before>).filter((k) => before[k] !== after[k]);
      const action = changes.isAdmin === true ? 'user.grant_admin' : changes.isAdmin === false ? 'user.revoke_admin' : 'user.update';
      await writeAudit(tx, actor, now, {
        action,
        targetType: 'user',
        targetId: id,
        summary: `${actor.name} changed ${changed.join(', ')} of ${updated.name}`,
        before: Object.fromEntries(changed.map((k) => [k, before[k]])),
        after: Object.fromEntries(changed.map((k) => [k, after[k]])),
      });
    });
  } catch (err) {
    // Two edits racing for one address: the unique index on lower(email) decides.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', M.emailExists);
    throw err;
  }
  return adminUserNow(ctx, id);
}

/**
 * Suspends or reinstates an account (decision 0424). A suspended account cannot sign in and its
 * sessions end in the same transaction; an admin cannot suspend themselves, nor the only active
 * admin. Recorded in the audit log; no mail is sent.
 */
export async function setSuspension(ctx: Ctx, actor: UserRow, id: string, input: z.output<typeof updateUserSuspensionBody>): Promise<AdminUser> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', M.userNotFound);
  if (input.suspended && id === actor.id) throw new AppError('CONFLICT', M.cannotSuspendSelf);
  const now = ctx.clock.now();
  await ctx.database.db.transaction(async (tx) => {
    const admins = input.suspended ? await users.lockAdmins(tx) : [];
    const current = await users.lockUser(tx, id);
    if (!current) throw new AppError('NOT_FOUND', M.userNotFound);
    if (Boolean(current.suspendedAt) === input.suspended) return;
    if (input.suspended && admins.includes(id) && !admins.some((a) => a !== id)) throw new AppError('CONFLICT', M.lastAdminSuspend);
    await users.updateUserRow(tx, id, input.suspended ? { suspendedAt: now, suspendedBy: actor.id } : { suspendedAt: null, suspendedBy: null }, now);
    if (input.suspended) await deleteUserSessions(tx, id);
    await writeAudit(tx, actor, now, {
      action: input.suspended ? 'user.suspend' : 'user.reinstate',
      targetType: 'user',
      targetId: id,
      summary: `${actor.name} ${input.suspended ? 'suspended' : 'reinstated'} ${current.name}`,
      before: { suspended: !input.suspended },
      after: { suspended: input.suspended },
    });
  });
  return adminUserNow(ctx, id);
}
