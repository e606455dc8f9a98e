import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Database } from '../../db/client';
import { isoDay } from '../../db/sql-helpers';
import type { Clock } from '../../platform/clock';
import { dataDir } from '../../paths';
import { upsertAssets, type WholeRelease } from './asset-import.repository';
import { refreshAssetMapCells } from './assets.repository';
import { refreshAssetInsights } from './asset-insights.repository';
import { parseRepd, type RepdParseResult, type RepdRejection } from './repd-parse';

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
export function importRepdFile(ctx: { database: Database; clock: Clock }, file: string): Promise<RepdImportReport> {
  const buffer = readFileSync(file);
  return importRepdParsed(ctx, parseRepd(buffer), { release: releaseOf(file), fileName: path.basename(file), sha256: sha256Of(buffer) });
}

export const sha256Of = (buffer: Buffer) => createHash('sha256').update(buffer).digest('hex');

/** Stores a parsed release; with `whole`, as a complete release: removals and the change report (decision 0396). */
export async function importRepdParsed(
  ctx: { database: Database; clock: Clock },
  parsed: RepdParseResult,
  file: { release: string; fileName: string; sha256: string },
  whole?: WholeRelease,
): Promise<RepdImportReport> {
  const started = Date.now();
  const startedAt = ctx.clock.now();
  const { release } = file;
  const counts = await upsertAssets(ctx.database, parsed.records, {
    release,
    fileName: file.fileName,
    sha256: file.sha256,
    read: parsed.read,
    rejections: parsed.rejections,
    newestRecord: parsed.newestRecord,
    startedAt,
    now: ctx.clock.now(),
  }, whole);
  // Planner statistics after a bulk load (PGlite has no autovacuum; docs/decisions/0300).
  if (counts.inserted + counts.updated + (whole?.removed.length ?? 0) > 0) await ctx.database.exec('ANALYZE assets');
  if (whole?.changes.length) await ctx.database.exec('ANALYZE asset_changes');
  // The map's clusters counted ahead follow the release at once, not at the next warm-up (decision 0388).
  await refreshAssetMapCells(ctx.database);
  // So are the Insights tab's tables (decision 0490).
  await refreshAssetInsights(ctx.database, isoDay(ctx.clock.now()));
  return {
    file: file.fileName,
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
