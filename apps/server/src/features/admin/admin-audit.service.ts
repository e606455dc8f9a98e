import type { z } from 'zod';
import type { AuditEntry, listAuditLogQuery } from '@solar/shared/contracts/admin';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/rows';
import type { AppContext } from '../../plugins/context';
import * as audit from './admin-audit.repository';
import { pageOf, toAuditEntry } from './admin.mapper';

type Ctx = Pick<AppContext, 'database' | 'clock'>;

export interface AuditInput {
  action: string;
  targetType: Exclude<AuditEntry['targetType'], 'tender'>;
  targetId: string;
  summary: string;
  before?: unknown;
  after?: unknown;
}

/** Every admin action writes one row, inside the transaction of the change it records (decision 0230). */
export async function writeAudit(tx: Db, actor: UserRow, at: Date, entry: AuditInput) {
  await audit.insertAuditEntry(tx, {
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

/** The audit log: admin actions and tender lifecycle events, newest first, with names (decision 0424). */
export async function listAudit(ctx: Ctx, query: z.output<typeof listAuditLogQuery>) {
  const { rows, total } = await audit.listAudit(ctx.database, query, query.page, query.pageSize, ctx.clock.now());
  return { data: rows.map(toAuditEntry), pagination: pageOf(query.page, query.pageSize, total) };
}

/** Records an admin action taken through another feature's route (e.g. cancelling a deletion). */
export async function recordAction(ctx: Ctx, actor: UserRow, entry: AuditInput) {
  await writeAudit(ctx.database.db, actor, ctx.clock.now(), entry);
}
