import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Database } from '../../../db/client';
import type { Executor } from '../tenders.repository';
import {
  classifyNotices,
  findDuplicateNotice,
  loadAliases,
  loadStoredReleases,
  loadVerdicts,
  mergeIntoNotice,
  upsertNotice,
} from './ocds.repository';
import { mapRelease, type MappedNotice, type OcdsRelease, type ReleaseContext } from './ocds-mapper';
import { loadPostcodeDistricts, type PostcodeLookup } from './postcode-districts';

export interface ImportReport {
  read: number;
  inserted: number;
  updated: number;
  /** Not stored: malformed, already imported, older than the stored release, or not relevant. */
  skipped: number;
  /** Of the skipped: releases that are not relevant to this market (decision 0391). */
  dropped: number;
  /** Of the skipped: releases that could not be read (no ocid, title or date). */
  invalid: number;
  /** Of the skipped: releases of a notice another source published first, merged into it (decision 0461). */
  merged: number;
  /** Fields cut and list items left out to the import bounds (issue 25): 'title cut to 300 characters' → 1. */
  cuts: Record<string, number>;
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
 * Only notices relevant to this market are stored; the rest are counted as dropped (decision 0391).
 */
export async function importOcdsReleases(
  database: Database,
  releases: OcdsRelease[],
  options: ImportOptions,
): Promise<ImportReport> {
  return database.db.transaction((tx) => importReleasesIn(tx, releases, options));
}

export interface ImportOptions {
  postcodes?: PostcodeLookup;
  now: Date;
  /** How the feed filed these releases: its source id and the notice type it asked for. */
  context?: ReleaseContext;
}

/** Why a release was not stored, as the Data sources tab lists them (decision 0463). */
export const SKIP_REASONS = {
  notRelevant: 'not relevant to this market',
  markedNotRelevant: 'marked not relevant by an admin',
  merged: 'merged into the same notice from another source',
  unchanged: 'unchanged (release already imported)',
  older: 'older than the stored release',
} as const;

/** The bundled postcode districts, read once per process (a feed imports page after page). */
let defaultPostcodes: PostcodeLookup | undefined;

/** The import inside the caller's transaction: a feed moves its cursor in the same one. */
export async function importReleasesIn(tx: Executor, releases: unknown[], options: ImportOptions): Promise<ImportReport> {
  const postcodes = options.postcodes ?? (defaultPostcodes ??= loadPostcodeDistricts());
  const report: ImportReport = { read: releases.length, inserted: 0, updated: 0, skipped: 0, dropped: 0, invalid: 0, merged: 0, cuts: {}, reasons: {}, examples: [] };
  const skip = (ocid: string | null, reason: string) => {
    report.skipped++;
    report.reasons[reason] = (report.reasons[reason] ?? 0) + 1;
    if (report.examples.length < 20) report.examples.push({ ocid, reason });
  };

  const mapped: MappedNotice[] = [];
  for (const release of releases as OcdsRelease[]) {
    const result = mapRelease(release, postcodes, options.context);
    if (result.ok) {
      mapped.push(result.notice);
      for (const cut of result.notice.cuts) report.cuts[cut] = (report.cuts[cut] ?? 0) + 1;
    } else {
      report.invalid++;
      skip(release && typeof release === 'object' && typeof release.ocid === 'string' ? release.ocid : null, result.reason);
    }
  }
  // Oldest first, so each later release of an ocid updates the one before it.
  mapped.sort((a, b) => a.externalReleaseDate.getTime() - b.externalReleaseDate.getTime() || (a.externalReleaseId < b.externalReleaseId ? -1 : a.externalReleaseId > b.externalReleaseId ? 1 : 0));

  const ocids = [...new Set(mapped.map((m) => m.externalId))];
  const stored = await loadStoredReleases(tx, ocids);
  const aliases = await loadAliases(tx, ocids);
  // A notice is kept when any of its releases is relevant or it is on the board already (a later
  // award release may carry too little text to classify on its own), unless an admin said it is not.
  const rules = await classifyNotices(tx, mapped);
  const refused = await loadVerdicts(tx, mapped.filter((m) => !stored.has(m.externalId) && !aliases.has(m.externalId)));
  const reasonOf = new Map<string, string>();
  mapped.forEach((m, i) => {
    if (rules[i] && !reasonOf.has(m.externalId)) reasonOf.set(m.externalId, rules[i]!);
  });
  const keep = new Set(
    mapped.filter((m) => (reasonOf.has(m.externalId) && !refused.has(m.externalId)) || stored.has(m.externalId) || aliases.has(m.externalId)).map((m) => m.externalId),
  );
  for (const notice of mapped) {
    if (!keep.has(notice.externalId)) {
      report.dropped++;
      skip(notice.externalId, refused.has(notice.externalId) ? SKIP_REASONS.markedNotRelevant : SKIP_REASONS.notRelevant);
      continue;
    }
    const source = notice.sources[0]!.source;
    const candidate = { date: notice.externalReleaseDate, id: notice.externalReleaseId };
    // The same notice from a second source: filed under the notice it duplicates (decision 0461).
    const alias = aliases.get(notice.externalId) ?? null;
    const into = alias?.tenderId ?? (stored.has(notice.externalId) ? null : await findDuplicateNotice(tx, notice, source));
    if (into) {
      if (alias && !newer(candidate, alias)) {
        skip(notice.externalId, alias.id === candidate.id ? SKIP_REASONS.unchanged : SKIP_REASONS.older);
        continue;
      }
      await mergeIntoNotice(tx, into, notice, source, options.now);
      aliases.set(notice.externalId, { tenderId: into, ...candidate });
      report.merged++;
      skip(notice.externalId, SKIP_REASONS.merged);
      continue;
    }
    const current = stored.get(notice.externalId);
    if (current && !newer(candidate, current)) {
      skip(notice.externalId, current.id === candidate.id ? SKIP_REASONS.unchanged : SKIP_REASONS.older);
      continue;
    }
    const outcome = await upsertNotice(tx, notice, options.now, reasonOf.get(notice.externalId) ?? null);
    if (outcome === 'inserted') report.inserted++;
    else if (outcome === 'updated') report.updated++;
    else skip(notice.externalId, SKIP_REASONS.older);
    stored.set(notice.externalId, candidate);
  }
  return report;
}

export function formatReport(report: ImportReport): string {
  const lines = [
    `read ${report.read}, inserted ${report.inserted}, updated ${report.updated}, skipped ${report.skipped} (${report.dropped} not relevant, ${report.invalid} unreadable, ${report.merged} merged as duplicates)`,
  ];
  for (const [reason, count] of Object.entries(report.reasons)) lines.push(`  skipped ${count}: ${reason}`);
  for (const [cut, count] of Object.entries(report.cuts)) lines.push(`  ${cut}: ${count} release${count === 1 ? '' : 's'}`);
  return lines.join('\n');
}
