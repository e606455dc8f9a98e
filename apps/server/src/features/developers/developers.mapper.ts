import type { ApiKey, AssetRecord } from '@solar/shared/contracts/developers';
import type { ApiKeyRow } from '../../db/rows';
import { toIsoTimestamp, toIsoTimestampOrNull } from '../../db/sql-helpers';
import type { AssetFeedRow } from './change-feed.repository';

/** An API key as its owner sees it: never the key or its hash. */
export const toApiKey = (row: ApiKeyRow): ApiKey => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: toIsoTimestamp(row.createdAt),
  lastUsedAt: toIsoTimestampOrNull(row.lastUsedAt),
  revokedAt: toIsoTimestampOrNull(row.revokedAt),
});

/** An asset's public record in the feed. */
export const toAssetRecord = (r: AssetFeedRow): AssetRecord => ({
  id: r.id,
  siteName: r.site_name,
  technologyType: r.technology_type,
  developmentStatus: r.development_status,
  installedCapacity: r.installed_capacity,
  repdOperator: r.repd_operator,
  region: r.region,
  latitude: r.latitude,
  longitude: r.longitude,
  planningSubmissionDate: r.planning_submission_date,
  planningGrantedDate: r.planning_granted_date,
  underConstructionDate: r.under_construction_date,
  operationalDate: r.operational_date,
  recordLastUpdated: r.record_last_updated,
});
