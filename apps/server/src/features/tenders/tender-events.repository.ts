import type { Database } from '../../db/client';
import { tenderEvents, type TenderEventKind } from '../../db/schema/index';
import type { Executor } from './tenders.repository';

/** A tender's audit, its History (decisions 0401, 0447): every job of the cycle writes here. */

export async function insertEvent(
  tx: Executor,
  event: { tenderId: string; actorId: string | null; kind: TenderEventKind; reason?: string | null; subject?: string | null; changes?: Record<string, unknown>; at: Date },
) {
  await tx.insert(tenderEvents).values({
    tenderId: event.tenderId,
    actorId: event.actorId,
    kind: event.kind,
    reason: event.reason ?? null,
    subject: event.subject ?? null,
    changes: event.changes ?? {},
    createdAt: event.at,
  });
}

export async function listEvents(database: Database, tenderId: string) {
  return database.query<{ id: string; kind: TenderEventKind; actor_name: string | null; reason: string | null; subject: string | null; changes: Record<string, { from: unknown; to: unknown }>; created_at: Date | string }>(
    `SELECT e.id, e.kind, u.name AS actor_name, e.reason, e.subject, e.changes, e.created_at
       FROM tender_events e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.tender_id = $1 ORDER BY e.seq`,
    [tenderId],
  );
}

