import type { z } from 'zod';
import { ADMIN_MESSAGES as M } from '@solar/shared/constants/admin';
import type { AdminUser, listAdminUsersQuery, updateAdminUserBody } from '@solar/shared/contracts/admin';
import type { UserRow } from '../../db/rows';
import { isUniqueViolation, isUuid } from '../../db/sql-helpers';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../../plugins/context';
import { writeAudit } from './admin-audit.service';
import * as users from './admin-users.repository';
import { auditUser, pageOf, toAdminUser } from './admin.mapper';

/** The Users tab (docs/product/admin.md#users). */

type Ctx = Pick<AppContext, 'database' | 'clock'>;

export async function listUsers(ctx: Ctx, query: z.output<typeof listAdminUsersQuery>) {
  const { rows, total } = await users.listUsers(ctx.database.db, query.q || undefined, query.page, query.pageSize);
  return { data: rows.map(toAdminUser), pagination: pageOf(query.page, query.pageSize, total) };
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
  const row = await users.findUserWithDeletion(ctx.database.db, id);
  return toAdminUser(row!);
}
