import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/sql-helpers';
import type { Executor } from './tenders.repository';

/** The queries of an admin's verdict on an imported notice (decision 0462). */

export interface ImportedNotice {
  id: string;
  source: string;
  title: string;
  external_id: string | null;
  organisation_name: string | null;
  match_reason: string | null;
  notice_sources: Array<{ ocid: string }> | null;
}

export async function findNotice(tx: Executor, id: string): Promise<ImportedNotice | undefined> {
  const rows = rowsOf<ImportedNotice>(
    await tx.execute(sql`SELECT id, source, title, external_id, organisation_name, match_reason, notice_sources FROM tenders WHERE id = ${id} FOR UPDATE`),
  );
  return rows[0];
}

/** Keeps the verdict for each ocid the notice was published under, and takes the notice off the board (its saves and aliases go with it). */
export async function recordNotRelevant(tx: Executor, notice: ImportedNotice, ocids: string[], adminId: string, now: Date): Promise<void> {
  await tx.execute(sql`
    INSERT INTO tender_relevance_verdicts (ocid, title, title_key, buyer, match_reason, decided_by, decided_at)
    SELECT o, ${notice.title}, tender_title_key(${notice.title}), ${notice.organisation_name}, ${notice.match_reason}, ${adminId}::uuid, ${now.toISOString()}::timestamptz
      FROM jsonb_array_elements_text(${JSON.stringify(ocids)}::jsonb) AS x(o)
    ON CONFLICT (ocid) DO UPDATE SET decided_by = EXCLUDED.decided_by, decided_at = EXCLUDED.decided_at`);
  await tx.execute(sql`DELETE FROM tenders WHERE id = ${notice.id}`);
}
