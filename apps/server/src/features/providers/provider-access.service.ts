import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/rows';
import { AppError } from '../../platform/errors';
import type { AppContext } from '../../plugins/context';
import { findProvider, lockProvider, type ProviderRow } from './providers.repository';

type Ctx = Pick<AppContext, 'database'>;

/** Profile owner (docs/product/accounts.md#roles): userId matches and the claim is approved; admins may edit any profile. */
export function canEdit(user: UserRow | null, row: Pick<ProviderRow, 'userId' | 'claimApproved'>): boolean {
  if (!user) return false;
  return user.isAdmin || (row.userId === user.id && row.claimApproved);
}

export async function requireProvider(ctx: Ctx, idOrSlug: string): Promise<ProviderRow> {
  if (!idOrSlug.trim()) throw new AppError('BAD_REQUEST', M.providerIdRequired);
  const row = await findProvider(ctx.database.db, idOrSlug.trim());
  if (!row) throw new AppError('NOT_FOUND', M.providerNotFound);
  return row;
}

/** The profile, if `user` may edit it (403 otherwise). */
export async function requireEditableProvider(ctx: Ctx, user: UserRow, idOrSlug: string): Promise<ProviderRow> {
  const row = await requireProvider(ctx, idOrSlug);
  if (!canEdit(user, row)) throw new AppError('FORBIDDEN', M.notOwner);
  return row;
}

/** The provider's row, locked for the rest of the transaction (see lockProvider). */
export async function requireLocked(tx: Db, id: string): Promise<ProviderRow> {
  const row = await lockProvider(tx, id);
  if (!row) throw new AppError('NOT_FOUND', M.providerNotFound);
  return row;
}
