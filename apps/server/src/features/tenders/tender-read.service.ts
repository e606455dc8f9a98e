import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import type { Tender } from '@solar/shared/contracts/tenders';
import type { UserRow } from '../../db/rows';
import { isUuid } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import { toTender } from './tenders.mapper';
import * as repo from './tenders.repository';

type Ctx = Pick<AppContext, 'database' | 'clock'>;
/** The reads behind one tender's page and its contact form (a unit test passes a fake; decision 0348). */
export type TenderReads = Pick<typeof repo, 'findVisibleTender' | 'listInvitedProviderIds' | 'findOwnerContact'>;

/**
 * One tender through the visibility rule (decision 0333): 404 for unknown ids and for tenders the
 * caller may not see (docs/product/platform.md#access-and-visibility). Every lifecycle path starts here.
 */
export async function getTender(ctx: Ctx, id: string, viewer: UserRow | null, reads: TenderReads = repo) {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
  const row = await reads.findVisibleTender(ctx.database, id, viewer?.id ?? null, ctx.clock.now());
  if (!row) throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
  // Who was invited is the owner's and the admins' business only (decision 0177).
  const mayManage = !!viewer && (viewer.isAdmin || viewer.id === row.user_id);
  return toTender(row, { invitedProviders: mayManage ? await reads.listInvitedProviderIds(ctx.database, id) : [], signedIn: viewer !== null });
}

/** A tender the caller may see and manage (owner; admins for reads). Others get the same 404 as for an unknown id. */
export async function tenderForOwner(ctx: Ctx, id: string, user: UserRow, opts: { adminMayRead?: boolean } = {}) {
  const tender = await getTender(ctx, id, user);
  if (tender.userId === user.id || (opts.adminMayRead && user.isAdmin)) return tender;
  throw new AppError('NOT_FOUND', TENDER_MESSAGES.notFound);
}

/** The refusal of an action the tender's state no longer allows: final once awarded or cancelled, else not open. */
export const stateError = (tender: Tender) => new AppError('CONFLICT', tender.stage === 'cancelled' || tender.stage === 'awarded' ? M.notEditable : M.notOpen);
