import type { Database } from '../../db/client';
import { isoDateColumn } from '../../db/sql-helpers';
import { visibleTo } from '../tenders/tenders.repository';

/**
 * The feeds of changes (migration 0102, decision 0493): positions after a cursor, in order, only
 * those whose writing transaction is older than every transaction still running, so a page never
 * holds a position before one an earlier page gave.
 */

export interface Position {
  txid: string;
  seq: string;
}

/** The start of a feed: before every position. */
export const START: Position = { txid: '0', seq: '0' };

const SETTLED = `(f.txid, f.seq) > ($1::xid8, $2::bigint) AND f.txid < pg_snapshot_xmin(pg_current_snapshot())`;

export interface TenderFeedRow extends Position {
  id: string;
  deleted: boolean;
  public_once: boolean;
  /** Whether a visitor may see the tender now (the one visibility rule, decision 0333). */
  visible: boolean;
}

export function listTenderFeed(database: Database, after: Position, limit: number): Promise<TenderFeedRow[]> {
  return database.query<TenderFeedRow>(
    `SELECT f.tender_id::text AS id, f.txid::text AS txid, f.seq::text AS seq, f.deleted, f.public_once,
       (t.id IS NOT NULL AND ${visibleTo(null)}) AS visible
     FROM tender_feed f LEFT JOIN tenders t ON t.id = f.tender_id
     WHERE ${SETTLED}
     ORDER BY f.txid, f.seq LIMIT ${Number(limit)}`,
    [after.txid, after.seq],
  );
}

export interface AssetFeedRow extends Position {
  id: number;
  deleted: boolean;
  site_name: string;
  technology_type: string | null;
  development_status: string | null;
  installed_capacity: number | null;
  repd_operator: string | null;
  region: string | null;
  latitude: number | null;
  longitude: number | null;
  planning_submission_date: string | null;
  planning_granted_date: string | null;
  under_construction_date: string | null;
  operational_date: string | null;
  record_last_updated: string | null;
}

export function listAssetFeed(database: Database, after: Position, limit: number): Promise<AssetFeedRow[]> {
  const date = (column: string) => isoDateColumn(`a.${column}`, column);
  return database.query<AssetFeedRow>(
    `SELECT f.asset_id::int AS id, f.txid::text AS txid, f.seq::text AS seq, f.deleted OR a.id IS NULL AS deleted,
       a.site_name, a.technology_type, a.development_status, a.installed_capacity, a.repd_operator, a.region, a.latitude, a.longitude,
       ${date('planning_submission_date')}, ${date('planning_granted_date')}, ${date('under_construction_date')},
       ${date('operational_date')}, ${date('record_last_updated')}
     FROM asset_feed f LEFT JOIN assets a ON a.id = f.asset_id
     WHERE ${SETTLED}
     ORDER BY f.txid, f.seq LIMIT ${Number(limit)}`,
    [after.txid, after.seq],
  );
}
