import type { WatchedTender } from '@solar/shared/contracts/alerts';
import type { UserRow } from '../../db/rows';
import { toIsoTimestamp, toIsoTimestampOrNull } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { getTender } from '../tenders/tender-read.service';
import * as repo from './watches.repository';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

/** Watching needs the tender to be one the caller may see: others get the same 404 as an unknown id (decision 0333). */
export async function getWatch(ctx: Ctx, user: UserRow, id: string) {
  const tender = await getTender(ctx, id, user);
  return { watching: await repo.isWatching(ctx.database, user.id, tender.id) };
}

export async function watchTender(ctx: Ctx, user: UserRow, id: string) {
  const tender = await getTender(ctx, id, user);
  await repo.addWatch(ctx.database, user.id, tender.id, ctx.clock.now());
  return { watching: true };
}

export async function unwatchTender(ctx: Ctx, user: UserRow, id: string) {
  const tender = await getTender(ctx, id, user);
  await repo.removeWatch(ctx.database.db, user.id, tender.id);
  return { watching: false };
}

export async function listWatchedTenders(ctx: Ctx, user: UserRow): Promise<WatchedTender[]> {
  return (await repo.listWatched(ctx.database, user.id, ctx.clock.now())).map((r) => ({
    tenderId: r.tender_id,
    title: r.title,
    status: r.status,
    closingDate: toIsoTimestampOrNull(r.closing_date),
    watchedAt: toIsoTimestamp(r.watched_at),
  }));
}
