import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/sql-helpers';
import type { TenderReceiptKind } from '@solar/shared/constants/tender-sealed';
import type { Executor } from './tenders.repository';

/** E-receipts of responses (decision 0513): what a receipt hashes, and the receipts themselves. */

export interface ReceiptRow {
  reference: string;
  kind: TenderReceiptKind;
  provider_name: string;
  sha256: string;
  created_at: Date | string;
}

export interface ResponseContent {
  tender_id: string;
  provider_id: string;
  message: string;
  price_minimum: string;
  price_maximum: string;
  lead_time_days: number;
  attachments: Array<{ filename: string; size: number | string; sha256: string | null }>;
}

/** What a response holds, read inside the transaction that changes it: its fields and each attachment's hash. */
export async function findResponseContent(tx: Executor, responseId: string) {
  const result = await tx.execute(sql`SELECT r.tender_id::text AS tender_id, r.provider_id::text AS provider_id, r.message,
      r.price_minimum::text AS price_minimum, r.price_maximum::text AS price_maximum, r.lead_time_days,
      coalesce((SELECT json_agg(json_build_object('filename', a.filename, 'size', a.size_bytes, 'sha256', a.sha256) ORDER BY a.seq)
                  FROM tender_response_attachments a WHERE a.response_id = r.id), '[]') AS attachments
    FROM tender_responses r WHERE r.id = ${responseId}`);
  return rowsOf<ResponseContent>(result)[0];
}

const RETURNING = sql`RETURNING reference, kind, provider_name, sha256, created_at`;

/** A receipt with the next number of its UK year ('TR-2026-000042'). */
export async function insertReceipt(
  tx: Executor,
  v: { tenderId: string; responseId: string | null; providerId: string; providerName: string; userId: string; kind: TenderReceiptKind; sha256: string; year: string; at: Date },
) {
  const result = await tx.execute(sql`INSERT INTO tender_response_receipts (reference, tender_id, response_id, provider_id, provider_name, user_id, kind, sha256, created_at)
    VALUES (${`TR-${v.year}-`} || lpad(nextval('tender_receipt_numbers')::text, 6, '0'), ${v.tenderId}, ${v.responseId}, ${v.providerId}, ${v.providerName},
            ${v.userId}, ${v.kind}, ${v.sha256}, ${v.at.toISOString()}::timestamptz)
    ${RETURNING}`);
  return rowsOf<ReceiptRow>(result)[0]!;
}

/** The receipts of the providers the user owns (claim approved) on a tender, newest first. */
export async function listReceiptsOfUser(database: Database, tenderId: string, userId: string) {
  return database.query<ReceiptRow>(
    `SELECT rc.reference, rc.kind, rc.provider_name, rc.sha256, rc.created_at FROM tender_response_receipts rc
      WHERE rc.tender_id = $1 AND rc.provider_id IN (SELECT id FROM providers WHERE user_id = $2::uuid AND claim_approved)
      ORDER BY rc.seq DESC`,
    [tenderId, userId],
  );
}
