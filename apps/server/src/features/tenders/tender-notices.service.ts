import type { MarkNoticeNotRelevantResult } from '@solar/shared/contracts/tender-notices';
import { NOTICE_RELEVANCE_MESSAGES } from '@solar/shared/constants/tender-notices';
import type { UserRow } from '../../db/rows';
import { isUuid } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import * as notices from './tender-notices.repository';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'log'>;

/**
 * 'Not relevant' (decision 0462): an admin takes an imported notice off the board. The verdict is
 * kept for every ocid the notice was published under, so the importer drops a later release of it,
 * and the same title from the same buyer published again, with that reason.
 */
export async function markNoticeNotRelevant(ctx: Ctx, admin: UserRow, id: string): Promise<MarkNoticeNotRelevantResult> {
  if (!isUuid(id)) throw new AppError('NOT_FOUND', 'Tender not found');
  return ctx.database.db.transaction(async (tx) => {
    const notice = await notices.findNotice(tx, id);
    if (!notice) throw new AppError('NOT_FOUND', 'Tender not found');
    if (notice.source !== 'External' || !notice.external_id) throw new AppError('CONFLICT', NOTICE_RELEVANCE_MESSAGES.notImported);
    const ocids = [...new Set([notice.external_id, ...(notice.notice_sources ?? []).map((s) => s.ocid)])];
    await notices.recordNotRelevant(tx, notice, ocids, admin.id, ctx.clock.now());
    ctx.log.info({ tender: id, ocids, admin: admin.id }, 'imported notice marked not relevant');
    return { id, title: notice.title, ocids };
  });
}
