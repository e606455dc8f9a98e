import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { dataSources, type DataSourceRow } from '../db/schema/index';

/**
 * The status of every external data source (migration 0019): the tender feeds and the REPD job
 * record their runs here under their source id. Functions take the database or a transaction, so
 * a feed moves its cursor and counts in the same transaction as the items they describe.
 */
/** The job that reads a source is named after it, so 'Run now' finds it: `data-source:<id>`. */
export const dataSourceJobName = (id: string) => `data-source:${id}`;

export type Executor = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
export type { DataSourceRow };

export interface RunCounts {
  read: number;
  kept: number;
  dropped: number;
  invalid: number;
  /** Merged into a notice another source published (decision 0461). */
  merged?: number;
}

/** A run's dropped, unreadable and cut items by reason (decision 0463): 'not relevant to this market' → 12. */
export type RunReasons = Record<string, number>;

/** Creates the row if missing and records whether this deployment has the source switched on. */
export async function ensureDataSource(db: Executor, id: string, enabled: boolean): Promise<void> {
  await db
    .insert(dataSources)
    .values({ id, enabled })
    .onConflictDoUpdate({ target: dataSources.id, set: { enabled }, setWhere: sql`${dataSources.enabled} IS DISTINCT FROM ${enabled}` });
}

export async function findDataSource(db: Executor, id: string): Promise<DataSourceRow | undefined> {
  const [row] = await db.select().from(dataSources).where(eq(dataSources.id, id));
  return row;
}

export async function listDataSources(db: Executor, ids?: readonly string[]): Promise<DataSourceRow[]> {
  const query = db.select().from(dataSources);
  return (ids ? query.where(inArray(dataSources.id, [...ids])) : query).orderBy(dataSources.id);
}

/** A run starts: its own counts start from zero. */
export async function startRun(db: Executor, id: string, now: Date): Promise<void> {
  await db
    .update(dataSources)
    .set({
      lastRunAt: now,
      runRequestedAt: null,
      lastRunRead: 0,
      lastRunKept: 0,
      lastRunDropped: 0,
      lastRunInvalid: 0,
      lastRunMerged: 0,
      lastRunReasons: {},
      updatedAt: now,
    })
    .where(eq(dataSources.id, id));
}

/**
 * Adds a page's counts and moves the cursor past it; call inside the page's transaction. `extra`:
 * the run's reasons so far and the time of the source's last request (its pacing holds across runs).
 */
export async function recordProgress(
  db: Executor,
  id: string,
  counts: RunCounts,
  cursor: unknown,
  now: Date,
  extra: { reasons?: RunReasons; lastRequestAt?: Date | null } = {},
): Promise<void> {
  const merged = counts.merged ?? 0;
  await db
    .update(dataSources)
    .set({
      cursor,
      itemsMerged: sql`${dataSources.itemsMerged} + ${merged}`,
      lastRunMerged: sql`${dataSources.lastRunMerged} + ${merged}`,
      ...(extra.reasons ? { lastRunReasons: extra.reasons } : {}),
      ...(extra.lastRequestAt ? { lastRequestAt: extra.lastRequestAt } : {}),
      itemsRead: sql`${dataSources.itemsRead} + ${counts.read}`,
      itemsKept: sql`${dataSources.itemsKept} + ${counts.kept}`,
      itemsDropped: sql`${dataSources.itemsDropped} + ${counts.dropped}`,
      itemsInvalid: sql`${dataSources.itemsInvalid} + ${counts.invalid}`,
      lastRunRead: sql`${dataSources.lastRunRead} + ${counts.read}`,
      lastRunKept: sql`${dataSources.lastRunKept} + ${counts.kept}`,
      lastRunDropped: sql`${dataSources.lastRunDropped} + ${counts.dropped}`,
      lastRunInvalid: sql`${dataSources.lastRunInvalid} + ${counts.invalid}`,
      updatedAt: now,
    })
    .where(eq(dataSources.id, id));
}

/**
 * A run ends: a success stamps the data as current; a failure is counted with its message; a pause
 * (the source asked for a wait without saying how long, decision 0460) is neither: the data is not
 * current yet and nothing failed.
 */
export async function finishRun(
  db: Executor,
  id: string,
  outcome: { now: Date; nextRunAt: Date; backoffUntil?: Date | null; error?: string | null; pause?: string; lastRequestAt?: Date | null },
): Promise<void> {
  const failed = outcome.error != null;
  await db
    .update(dataSources)
    .set({
      nextRunAt: outcome.nextRunAt,
      backoffUntil: outcome.backoffUntil ?? null,
      updatedAt: outcome.now,
      ...(outcome.lastRequestAt ? { lastRequestAt: outcome.lastRequestAt } : {}),
      ...(failed
        ? { lastError: outcome.error!.slice(0, 1000), lastErrorAt: outcome.now, errors: sql`${dataSources.errors} + 1`, lastPause: null }
        : outcome.pause
          ? { lastPause: outcome.pause.slice(0, 300) }
          : { lastSuccessAt: outcome.now, lastError: null, lastPause: null }),
    })
    .where(eq(dataSources.id, id));
}

/** What the bundled data put in place at first start, shown as a run in the Data sources tab (decision 0463). */
export async function recordStartupImport(db: Executor, id: string, startup: NonNullable<DataSourceRow['startupImport']>): Promise<void> {
  await db
    .insert(dataSources)
    .values({ id, startupImport: startup })
    .onConflictDoUpdate({ target: dataSources.id, set: { startupImport: startup } });
}

/** Whether a run may start now: due or asked for, and not while the source asked us to wait. */
export function isDue(row: Pick<DataSourceRow, 'nextRunAt' | 'backoffUntil' | 'runRequestedAt'>, now: Date): boolean {
  if (row.backoffUntil && row.backoffUntil > now) return false;
  return row.runRequestedAt !== null || row.nextRunAt === null || row.nextRunAt <= now;
}

/** 'Run now': due at the next tick (a back-off still holds); false when there is no such source. */
export async function requestRun(db: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(dataSources)
    .set({ runRequestedAt: now, updatedAt: now })
    .where(eq(dataSources.id, id))
    .returning({ id: dataSources.id });
  return rows.length > 0;
}
