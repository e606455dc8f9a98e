import {
  DATA_SOURCE_IDS,
  DATA_SOURCE_LABELS,
  DATA_SOURCE_MESSAGES,
  DATA_SOURCE_ROLES,
  DATA_SOURCE_SWITCH,
  type DataSourceId,
} from '@solar/shared/constants/data-sources';
import type { DataSourceStatus } from '@solar/shared/contracts/admin';
import { toIsoTimestampOrNull as iso } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { AppError } from '../../platform/errors';
import * as sources from '../../platform/data-sources.repository';

type Ctx = Pick<AppContext, 'database' | 'clock' | 'jobs' | 'log'>;

/** The admin 'Data sources' tab (decision 0393): every known source, configured or not. */
export async function listDataSourceStatus(ctx: Ctx): Promise<DataSourceStatus[]> {
  const rows = await sources.listDataSources(ctx.database.db);
  return DATA_SOURCE_IDS.map((id) => toStatus(ctx, id, rows.find((r) => r.id === id)));
}

/**
 * 'Run now': marks the source as asked for and starts its job in the background. A source that is
 * not configured is 409; one that asked us to wait still waits (the job checks), and a run already
 * going is not doubled (the job lock).
 */
export async function runDataSourceNow(ctx: Ctx, id: DataSourceId): Promise<DataSourceStatus> {
  const job = sources.dataSourceJobName(id);
  if (!ctx.jobs.has(job)) throw new AppError('CONFLICT', DATA_SOURCE_MESSAGES.notConfigured);
  const now = ctx.clock.now();
  await sources.ensureDataSource(ctx.database.db, id, true);
  await sources.requestRun(ctx.database.db, id, now);
  void ctx.jobs.runNow(job).catch((err: unknown) => ctx.log.error({ err, source: id }, 'data source run failed'));
  return toStatus(ctx, id, await sources.findDataSource(ctx.database.db, id));
}

function toStatus(ctx: Ctx, id: DataSourceId, row: sources.DataSourceRow | undefined): DataSourceStatus {
  const enabled = ctx.jobs.has(sources.dataSourceJobName(id));
  const role = DATA_SOURCE_ROLES[id];
  return {
    id,
    label: DATA_SOURCE_LABELS[id],
    enabled,
    role: role.role,
    roleNote: role.note,
    pacingMs: role.minIntervalMs,
    offReason: enabled ? null : DATA_SOURCE_MESSAGES.offReason(DATA_SOURCE_LABELS[id]),
    howToSwitchOn: enabled ? null : DATA_SOURCE_MESSAGES.howToSwitchOn(DATA_SOURCE_SWITCH[id]),
    lastPause: row?.lastPause ?? null,
    startupImport: row?.startupImport ?? null,
    lastRunReasons: row?.lastRunReasons ?? {},
    lastRunAt: iso(row?.lastRunAt),
    lastSuccessAt: iso(row?.lastSuccessAt),
    lastErrorAt: iso(row?.lastErrorAt),
    lastError: row?.lastError ?? null,
    nextRunAt: iso(row?.nextRunAt),
    backoffUntil: iso(row?.backoffUntil),
    runRequestedAt: iso(row?.runRequestedAt),
    totals: {
      read: row?.itemsRead ?? 0,
      kept: row?.itemsKept ?? 0,
      dropped: row?.itemsDropped ?? 0,
      invalid: row?.itemsInvalid ?? 0,
      merged: row?.itemsMerged ?? 0,
      errors: row?.errors ?? 0,
    },
    lastRun: {
      read: row?.lastRunRead ?? 0,
      kept: row?.lastRunKept ?? 0,
      dropped: row?.lastRunDropped ?? 0,
      invalid: row?.lastRunInvalid ?? 0,
      merged: row?.lastRunMerged ?? 0,
    },
  };
}
