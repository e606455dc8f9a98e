import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import iconv from 'iconv-lite';
import { bngToWgs84, haversineKm } from '@solar/shared/domain/geo';
import { dataDir } from '../../paths';
import type { AppContext } from '../../plugins/context';
import { valuesList } from '../../db/sql-helpers';
import { completenessOf, uniqueSlug } from './providers.profile';

type SeedContext = Pick<AppContext, 'database' | 'log'>;

export interface OperatorProfile {
  businessName: string;
  technologies: string[];
  phase: string[];
  location: string;
  latitude: number | null;
  longitude: number | null;
  serviceRadius: number | null;
  sourceRef: string;
}

/** Operator names are matched across the two files by this key (data/companies/SOURCE.md). */
export const normaliseOperator = (name: string) => name.replace(/\s+/g, ' ').trim().toLowerCase();

/** REPD development status → the directory's phase (decision 0141); refused/withdrawn/abandoned give none. */
const PHASE_OF_STATUS: Record<string, string> = {
  operational: 'Operational',
  'under construction': 'Construction',
  'awaiting construction': 'Development',
  'application submitted': 'Development',
  revised: 'Development',
  'no application required': 'Development',
  'appeal lodged': 'Development',
};

const TECHNOLOGY_OF_TYPE: Record<string, string> = { 'solar photovoltaics': 'Solar PV', battery: 'BESS' };

interface Project {
  technology: string;
  phase?: string;
  point: { lat: number; lng: number } | null;
}

function readGzip(file: string, encoding: 'utf8' | 'win1252' = 'utf8'): string {
  const bytes = gunzipSync(readFileSync(file));
  return encoding === 'utf8' ? bytes.toString('utf8') : iconv.decode(bytes, 'win1252');
}

const norm = (h: string) => h.replace(/\s+/g, ' ').trim().toLowerCase();

/** Solar and battery projects of REPD grouped by normalised operator name. */
export function readRepdProjects(file = path.join(dataDir, 'repd/repd-q4-jan-2025.csv.gz')): Map<string, Project[]> {
  const rows = parse(readGzip(file, 'win1252'), {
    columns: (h: string[]) => h.map(norm),
    relax_column_count: true,
    skip_empty_lines: true,
  }) as Record<string, string>[];
  const byOperator = new Map<string, Project[]>();
  for (const row of rows) {
    const technology = TECHNOLOGY_OF_TYPE[norm(row['technology type'] ?? '')];
    const operator = row['operator (or applicant)'];
    if (!technology || !operator) continue;
    const x = Number(row['x-coordinate']);
    const y = Number(row['y-coordinate']);
    const lngLat = row['x-coordinate'] && row['y-coordinate'] ? bngToWgs84(x, y) : null;
    const project: Project = {
      technology,
      phase: PHASE_OF_STATUS[norm(row['development status (short)'] ?? '')],
      point: lngLat ? { lng: lngLat[0], lat: lngLat[1] } : null,
    };
    const key = normaliseOperator(operator);
    const list = byOperator.get(key);
    if (list) list.push(project);
    else byOperator.set(key, [project]);
  }
  return byOperator;
}

/**
 * One unclaimed profile per non-generic operator of data/companies, carrying only what the data
 * supports (issue 4, decision 0141): technologies and phases from their projects, location at the
 * main county (or region), coordinates at the centroid of their projects and a service radius
 * reaching their farthest project (at least 1 km so single-site operators stay findable).
 */
export function buildOperatorProfiles(
  companiesFile = path.join(dataDir, 'companies/repd-solar-battery-operators.csv.gz'),
  projects = readRepdProjects(),
): OperatorProfile[] {
  const rows = parse(readGzip(companiesFile), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const seen = new Set<string>();
  const out: OperatorProfile[] = [];
  for (const row of rows) {
    const name = (row.operator ?? '').replace(/\s+/g, ' ').trim();
    const key = normaliseOperator(name);
    if (!name || row.generic_label?.toLowerCase() === 'true' || seen.has(key)) continue;
    seen.add(key);
    const own = projects.get(key) ?? [];
    const technologies = new Set<string>();
    if (Number(row.solar_projects) > 0) technologies.add('Solar PV');
    if (Number(row.battery_projects) > 0) technologies.add('BESS');
    for (const p of own) technologies.add(p.technology);
    const phases = new Set(own.map((p) => p.phase).filter((p): p is string => Boolean(p)));
    const points = own.map((p) => p.point).filter((p): p is { lat: number; lng: number } => p !== null);
    let latitude: number | null = null;
    let longitude: number | null = null;
    let serviceRadius: number | null = null;
    if (points.length > 0) {
      latitude = round(points.reduce((s, p) => s + p.lat, 0) / points.length, 6);
      longitude = round(points.reduce((s, p) => s + p.lng, 0) / points.length, 6);
      const centre = { lat: latitude, lng: longitude };
      const farthest = Math.max(...points.map((p) => haversineKm(centre, p)));
      serviceRadius = Math.max(1, Math.ceil(farthest));
    }
    const county = firstOf(row.top_counties);
    const region = firstOf(row.top_regions);
    out.push({
      businessName: name,
      technologies: ['Solar PV', 'BESS', 'Hybrid', 'Wind'].filter((t) => technologies.has(t)),
      phase: ['Operational', 'Development', 'Construction'].filter((p) => phases.has(p)),
      location: county ?? region ?? '',
      latitude,
      longitude,
      serviceRadius,
      sourceRef: key,
    });
  }
  return out;
}

const firstOf = (list: string | undefined) =>
  (list ?? '')
    .split(';')
    .map((s) => s.trim())
    .find(Boolean);

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

const BATCH = 500;

/** Real data, always seeded: REPD operators as unclaimed profiles (idempotent on source_ref). */
export async function seedRepdProviders(ctx: SeedContext) {
  const profiles = buildOperatorProfiles();
  const existing = await ctx.database.query<{ slug: string; name: string }>(
    'SELECT slug, lower(trim(business_name)) AS name FROM providers',
  );
  const slugs = new Set(existing.map((r) => r.slug));
  const names = new Set(existing.map((r) => r.name));
  const rows: unknown[][] = [];
  for (const p of profiles) {
    if (names.has(p.businessName.toLowerCase())) continue;
    names.add(p.businessName.toLowerCase());
    const slug = uniqueSlug(p.businessName, (s) => slugs.has(s));
    slugs.add(slug);
    rows.push([
      slug,
      p.businessName,
      p.technologies,
      p.phase,
      p.location,
      p.latitude,
      p.longitude,
      p.serviceRadius,
      p.sourceRef,
      completenessOf({ ...p, latitude: p.latitude }),
    ]);
  }
  for (let i = 0; i < rows.length; i += BATCH) {
    await insertBatch(ctx, rows.slice(i, i + BATCH), 'repd');
  }
  // Planner statistics after a bulk load (PGlite has no autovacuum; docs/decisions/0300).
  await ctx.database.exec('ANALYZE providers');
  ctx.log.info({ providers: rows.length }, 'seeded REPD operators as unclaimed providers');
}

/** Multi-row insert with positional parameters; conflicts on name or slug are skipped. */
export async function insertBatch(ctx: Pick<AppContext, 'database'>, rows: unknown[][], source: string) {
  if (rows.length === 0) return;
  await ctx.database.query(
    `INSERT INTO providers (slug, business_name, technologies, phase, location, latitude, longitude, service_radius, source_ref, completeness, source)
     VALUES ${valuesList(rows, `'${source}'`)} ON CONFLICT DO NOTHING`,
    rows.flat(),
  );
}
