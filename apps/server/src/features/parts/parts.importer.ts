import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { getTableColumns, sql } from 'drizzle-orm';
import { parts } from '../../db/schema/parts';
import type { Database } from '../../db/client';
import { dataDir } from '../../paths';
import { catalogueFiles, parseCatalogueFile, type PartRecord, type Rejection } from './parts-parse';
import { clearCatalogueCache } from './parts.repository';

export interface ImportReport {
  files: Array<{ file: string; read: number; accepted: number; rejected: number }>;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** The first rejections with their reasons (all are counted in `rejected`). */
  rejections: Rejection[];
  ms: number;
}

const REJECTIONS_KEPT = 50;

const COMPARED = [
  'manufacturer', 'manufacturer_raw', 'model', 'source_file', 'technology', 'power_w', 'efficiency_pct', 'length_m', 'width_m',
  'area_m2', 'cells', 'voc_v', 'vmp_v', 'ac_voltage_v', 'dc_voltage_max_v', 'mppt_low_v', 'mppt_high_v', 'capacity_kwh',
  'coupling', 'hybrid', 'bifacial', 'bipv', 'listed_on',
] as const;

/**
 * Imports every catalogue file in one transaction: an upsert on the source's own id (kind + Name /
 * ID), so a second run changes nothing and reports every row unchanged. Rows that vanished from a
 * newer file are kept (docs/product/platform.md#data-and-demo-content: never lose existing data).
 */
export async function importPartsCatalogue(
  database: Pick<Database, 'db'>,
  options: { dir?: string; files?: string[] } = {},
): Promise<ImportReport> {
  const started = Date.now();
  const dir = options.dir ?? path.join(dataDir, 'parts');
  const files = options.files ?? catalogueFiles(dir);
  const report: ImportReport = { files: [], read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0, rejections: [], ms: 0 };
  // Later files win for the same (kind, source key): the 2022 inverter list over the 2019 one.
  const byKey = new Map<string, PartRecord>();
  for (const file of files) {
    const buffer = readFileSync(path.join(dir, file));
    const text = (file.endsWith('.gz') ? gunzipSync(buffer) : buffer).toString('utf8');
    const parsed = parseCatalogueFile(file, text);
    report.files.push({ file, read: parsed.read, accepted: parsed.records.length, rejected: parsed.rejections.length });
    report.read += parsed.read;
    report.rejected += parsed.rejections.length;
    report.rejections.push(...parsed.rejections.slice(0, Math.max(0, REJECTIONS_KEPT - report.rejections.length)));
    for (const record of parsed.records) byKey.set(`${record.kind}\u0000${record.sourceKey}`, record);
  }
  const records = [...byKey.values()];
  const excluded = Object.fromEntries(
    Object.entries(getTableColumns(parts))
      .filter(([, column]) => (COMPARED as readonly string[]).includes(column.name))
      .map(([key, column]) => [key, sql.raw(`excluded.${column.name}`)]),
  );
  const changed = sql.raw(`(${COMPARED.map((c) => `parts.${c}`).join(', ')}) IS DISTINCT FROM (${COMPARED.map((c) => `excluded.${c}`).join(', ')})`);
  let written = 0;
  await database.db.transaction(async (tx) => {
    for (let i = 0; i < records.length; i += 500) {
      const batch = records.slice(i, i + 500);
      const rows = await tx
        .insert(parts)
        .values(batch)
        .onConflictDoUpdate({ target: [parts.kind, parts.sourceKey], set: { ...excluded, updatedAt: sql`now()` }, setWhere: changed })
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of rows) {
        if (row.inserted) report.inserted++;
        else report.updated++;
      }
      written += rows.length;
    }
  });
  report.unchanged = records.length - written;
  // Fresh planner statistics, so searches use the (kind, power) indexes (PGlite runs no autovacuum).
  await database.db.execute(sql`ANALYZE parts`);
  clearCatalogueCache(database);
  report.ms = Date.now() - started;
  return report;
}
