import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import type { Clock } from '../../platform/clock';
import { dataDir } from '../../paths';
import { upsertAssets } from './asset-import.repository';
import { parseRepd, type RepdRejection } from './repd-parse';

/** The REPD release bundled with the project (data/repd/SOURCE.md). */
export const BUNDLED_REPD_FILE = path.join(dataDir, 'repd', 'repd-q4-jan-2025.csv.gz');

export interface RepdImportReport {
  file: string;
  release: string;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  rejections: RepdRejection[];
  notes: string[];
  ms: number;
}

/** 'repd-q4-jan-2025.csv.gz' → 'repd-q4-jan-2025'. */
export const releaseOf = (file: string) => path.basename(file).replace(/\.gz$/i, '').replace(/\.csv$/i, '');

/**
 * Imports a REPD file: parse, then upsert on Ref ID in one transaction, flag probable duplicates
 * and record the run (read / inserted / updated / unchanged / rejected) for the freshness record.
 */
export async function importRepdFile(ctx: { database: Database; clock: Clock }, file: string): Promise<RepdImportReport> {
  const started = Date.now();
  const startedAt = ctx.clock.now();
  const buffer = readFileSync(file);
  const parsed = parseRepd(buffer);
  const release = releaseOf(file);
  const counts = await upsertAssets(ctx.database, parsed.records, {
    release,
    fileName: path.basename(file),
    sha256: createHash('sha256').update(buffer).digest('hex'),
    read: parsed.read,
    rejections: parsed.rejections,
    newestRecord: parsed.newestRecord,
    startedAt,
    now: ctx.clock.now(),
  });
  // Planner statistics after a bulk load (PGlite has no autovacuum; docs/decisions/0300).
  if (counts.inserted + counts.updated > 0) await ctx.database.exec('ANALYZE assets');
  return {
    file: path.basename(file),
    release,
    read: parsed.read,
    inserted: counts.inserted,
    updated: counts.updated,
    unchanged: parsed.records.length - counts.inserted - counts.updated,
    rejected: parsed.rejections.length,
    rejections: parsed.rejections,
    notes: parsed.notes,
    ms: Date.now() - started,
  };
}

export function formatReport(r: RepdImportReport): string {
  const lines = [
    `REPD import of ${r.file} (${r.ms} ms)`,
    `  read ${r.read}, inserted ${r.inserted}, updated ${r.updated}, unchanged ${r.unchanged}, rejected ${r.rejected}`,
    ...r.rejections.map((x) => `  rejected row ${x.row}${x.refId ? ` (Ref ID ${x.refId})` : ''}: ${x.reason}`),
    ...r.notes.map((n) => `  fixed: ${n}`),
  ];
  return lines.join('\n');
}
