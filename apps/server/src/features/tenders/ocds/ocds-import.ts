import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Database } from '../../../db/client';
import { loadStoredReleases, upsertNotice } from './ocds.repository';
import { mapRelease, type MappedNotice, type OcdsRelease } from './ocds-mapper';
import { loadPostcodeDistricts, type PostcodeLookup } from './postcode-districts';

export interface ImportReport {
  read: number;
  inserted: number;
  updated: number;
  skipped: number;
  /** Reason → count, e.g. 'unchanged (already imported)'. */
  reasons: Record<string, number>;
  /** The first few skipped releases with their reason, for the log. */
  examples: Array<{ ocid: string | null; reason: string }>;
}

const MAX_BYTES = 200 * 1024 * 1024;

/** Reads a release package (or record package, or a bare array) from a path or an http(s) URL; gzip is detected. */
export async function readOcdsSource(source: string): Promise<OcdsRelease[]> {
  let bytes: Buffer;
  if (/^https?:\/\//i.test(source)) {
    const response = await fetch(source, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(60_000) });
    if (!response.ok) throw new Error(`Could not download ${source}: HTTP ${response.status}`);
    bytes = Buffer.from(await response.arrayBuffer());
  } else {
    bytes = await readFile(source);
  }
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes, { maxOutputLength: MAX_BYTES });
  return releasesOf(JSON.parse(bytes.toString('utf8')) as unknown);
}

export function releasesOf(json: unknown): OcdsRelease[] {
  if (Array.isArray(json)) return json as OcdsRelease[];
  if (json && typeof json === 'object') {
    const o = json as { releases?: unknown; records?: Array<{ releases?: unknown; compiledRelease?: unknown }> };
    if (Array.isArray(o.releases)) return o.releases as OcdsRelease[];
    if (Array.isArray(o.records)) {
      return o.records.flatMap((r) =>
        Array.isArray(r.releases) && r.releases.every((x) => x && typeof x === 'object' && 'tender' in x)
          ? (r.releases as OcdsRelease[])
          : r.compiledRelease
            ? [r.compiledRelease as OcdsRelease]
            : [],
      );
    }
    if ('ocid' in o) return [o as OcdsRelease];
  }
  throw new Error('Not an OCDS release package: expected "releases", "records" or an array of releases');
}

/** Version order of releases of one ocid: later date first, then the release id (deterministic). */
const newer = (a: { date: Date; id: string }, b: { date: Date; id: string }) =>
  a.date.getTime() > b.date.getTime() || (a.date.getTime() === b.date.getTime() && a.id > b.id);

/**
 * Imports releases as External tenders: an idempotent upsert on ocid where a later release updates
 * the notice and an older or identical one is skipped, all in one transaction (docs/product/platform.md#data-and-demo-content).
 */
export async function importOcdsReleases(
  database: Database,
  releases: OcdsRelease[],
  options: { postcodes?: PostcodeLookup; now: Date },
): Promise<ImportReport> {
  const postcodes = options.postcodes ?? loadPostcodeDistricts();
  const report: ImportReport = { read: releases.length, inserted: 0, updated: 0, skipped: 0, reasons: {}, examples: [] };
  const skip = (ocid: string | null, reason: string) => {
    report.skipped++;
    report.reasons[reason] = (report.reasons[reason] ?? 0) + 1;
    if (report.examples.length < 20) report.examples.push({ ocid, reason });
  };

  const mapped: MappedNotice[] = [];
  for (const release of releases) {
    const result = mapRelease(release, postcodes);
    if (result.ok) mapped.push(result.notice);
    else skip(typeof release?.ocid === 'string' ? release.ocid : null, result.reason);
  }
  // Oldest first, so each later release of an ocid updates the one before it.
  mapped.sort((a, b) => a.externalReleaseDate.getTime() - b.externalReleaseDate.getTime() || (a.externalReleaseId < b.externalReleaseId ? -1 : a.externalReleaseId > b.externalReleaseId ? 1 : 0));

  await database.db.transaction(async (tx) => {
    const stored = await loadStoredReleases(tx, [...new Set(mapped.map((m) => m.externalId))]);
    for (const notice of mapped) {
      const current = stored.get(notice.externalId);
      const candidate = { date: notice.externalReleaseDate, id: notice.externalReleaseId };
      if (current && !newer(candidate, current)) {
        skip(notice.externalId, current.id === candidate.id ? 'unchanged (release already imported)' : 'older than the stored release');
        continue;
      }
      const outcome = await upsertNotice(tx, notice, options.now);
      if (outcome === 'inserted') report.inserted++;
      else if (outcome === 'updated') report.updated++;
      else skip(notice.externalId, 'older than the stored release');
      stored.set(notice.externalId, candidate);
    }
  });
  return report;
}

export function formatReport(report: ImportReport): string {
  const lines = [`read ${report.read}, inserted ${report.inserted}, updated ${report.updated}, skipped ${report.skipped}`];
  for (const [reason, count] of Object.entries(report.reasons)) lines.push(`  skipped ${count}: ${reason}`);
  return lines.join('\n');
}
