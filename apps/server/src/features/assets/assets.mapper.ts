import { ESTIMATED_MODULE_WATTS, REPD_SOURCE } from '@solar/shared/constants/assets';
import type { AssetChange, AssetDetail, AssetProvider, AssetSourceRecord, ProjectRow } from '@solar/shared/contracts/assets';
import type { ProviderRow } from '../../db/schema/index';
import { toProviderSummary } from '../providers/providers.mapper';
import type { ServingRow } from './asset-providers.repository';
import type { ImportRow } from './asset-import.repository';
import type { ProjectDbRow } from './asset-projects.repository';
import type { AssetChangeRow, AssetDetailRow } from './assets.repository';

/** The one place asset rows become API shapes (docs/style.md#4-validate-once-at-the-boundary-from-the-shared-schema): explicit field lists, one function per shape. */

/** Whole years between a yyyy-mm-dd date and today (the ruling: age from recordLastUpdated). */
export function ageInYears(date: string | null, todayIso: string): number | null {
  if (!date) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = todayIso.split('-').map(Number) as [number, number, number];
  const years = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
  return Math.max(0, years);
}

/** Solar only: modules ≈ MW × 1,000,000 ÷ ESTIMATED_MODULE_WATTS (docs/decisions/0192). */
export function estimateModules(technology: string | null, capacityMw: number | null): number | null {
  if (technology !== 'Solar Photovoltaics' || capacityMw === null || capacityMw <= 0) return null;
  return Math.round((capacityMw * 1_000_000) / ESTIMATED_MODULE_WATTS);
}

/** GET /api/assets/:id; `today` (yyyy-mm-dd) from the server clock gives the age. */
export const toAssetChange = (c: AssetChangeRow): AssetChange => ({
  kind: c.kind,
  before: c.before_value,
  after: c.after_value,
  release: c.release,
  changedAt: c.changed_at,
});

export function toAssetDetail(row: AssetDetailRow, today: string, history: AssetChangeRow[]): AssetDetail {
  return {
    id: row.id,
    repdRefId: row.repd_ref_id,
    siteName: row.site_name,
    technologyType: row.technology_type,
    developmentStatus: row.development_status,
    developmentStatusShort: row.development_status_short,
    installedCapacity: row.installed_capacity,
    mountingType: row.mounting_type,
    recordLastUpdated: row.record_last_updated,
    ageYears: ageInYears(row.record_last_updated, today),
    siteArea: row.site_area_acres,
    estimatedModules: estimateModules(row.technology_type, row.installed_capacity),
    estimatedModulesIsEstimate: true,
    address: row.address,
    county: row.county,
    region: row.region,
    country: row.country,
    postCode: row.post_code,
    latitude: row.latitude,
    longitude: row.longitude,
    repdOperator: row.repd_operator,
    latestOperator: row.repd_operator,
    storageType: row.storage_type,
    planningAuthority: row.planning_authority,
    planningApplicationRef: row.planning_application_ref,
    appealReference: row.appeal_reference,
    planningSubmissionDate: row.planning_submission_date,
    planningGrantedDate: row.planning_granted_date,
    underConstructionDate: row.under_construction_date,
    operationalDate: row.operational_date,
    possibleDuplicateOf: row.dup_id !== null ? { id: row.dup_id, siteName: row.dup_site_name!, repdRefId: row.dup_ref_id! } : null,
    history: history.map(toAssetChange),
    source: { name: REPD_SOURCE.name, release: row.source_release, importedAt: row.imported_at, attribution: REPD_SOURCE.attribution },
  };
}

/** A row of the projects table (GET /api/assets/tenders). */
export const toProjectRow = (r: ProjectDbRow): ProjectRow => ({
  id: r.id,
  siteName: r.site_name,
  developmentStatus: r.development_status,
  installedCapacity: r.installed_capacity,
  repdOperator: r.repd_operator,
  region: r.region,
  technologyType: r.technology_type,
  planningSubmissionDate: r.planning_submission_date,
  planningGrantedDate: r.planning_granted_date,
  possibleDuplicate: r.possible_duplicate,
});

/** A site name suggestion (GET /api/assets/sites). */
/** A site suggestion: what tells two sites of one name apart (county, technology, capacity, status; issue 27 defect 11). */
export const toSiteSuggestion = (r: {
  id: number;
  site_name: string;
  region: string | null;
  county?: string | null;
  technology_type?: string | null;
  installed_capacity?: number | string | null;
  development_status_short?: string | null;
}) => ({
  id: r.id,
  siteName: r.site_name,
  region: r.region,
  county: r.county ?? null,
  technology: r.technology_type ?? null,
  capacityMw: r.installed_capacity == null ? null : Number(r.installed_capacity),
  status: r.development_status_short ?? null,
});

/** GET /api/assets/source: the freshness record from the latest import and the asset count. */
export function toAssetSource(
  last: ImportRow | undefined,
  assets: number,
  feed: { automatic: boolean; checkedAt: string | null; historySince: string | null },
): AssetSourceRecord {
  return {
    name: REPD_SOURCE.name,
    publisher: REPD_SOURCE.publisher,
    attribution: REPD_SOURCE.attribution,
    release: last?.release ?? null,
    importedAt: last?.finished_at ?? null,
    newestRecord: last?.newest_record ?? null,
    assets,
    ...feed,
    lastImport: last
      ? { read: last.rows_read, inserted: last.rows_inserted, updated: last.rows_updated, unchanged: last.rows_unchanged, rejected: last.rows_rejected }
      : null,
  };
}

/** One provider serving a site (GET /api/assets/:id/providers): distance to one decimal. */
export function toServingProvider(row: ProviderRow, hit: ServingRow): AssetProvider {
  return {
    provider: toProviderSummary(row),
    distanceKm: hit.distance_km === null ? null : Math.round(hit.distance_km * 10) / 10,
    countrywide: hit.countrywide,
  };
}

