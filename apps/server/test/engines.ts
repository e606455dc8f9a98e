/**
 * The server test files that `npm test` runs on both engines, PGlite and PostgreSQL, when
 * TEST_DATABASE_URL is set (decision 0606). PGlite is PostgreSQL compiled to WebAssembly: the same
 * parser, planner and executor. What differs is the driver (how parameters and types travel), one
 * connection instead of a pool (so locking and concurrency), extensions, cross-process features
 * (LISTEN/NOTIFY) and speed. So these files are the ones whose result can depend on the engine:
 * migrations, the driver and its SQL helpers, concurrency and locks, caches across processes,
 * searches, imports, Insights, the maps' SQL, exports, query plans, and files with a PostgreSQL
 * branch of their own. Every other server file runs on one engine: PostgreSQL when
 * TEST_DATABASE_URL is set (the driver of deployments; the journeys run PGlite end to end), PGlite
 * otherwise. `npm run test:engines` runs every file on both. Paths are relative to apps/server.
 */
export const BOTH_ENGINES = [
  // migrations, the driver and its SQL
  'src/db/sql-helpers.test.ts',
  'test/foundation.test.ts',
  'test/platform.test.ts',
  'test/cold-path-plans.test.ts',
  'src/features/alerts/test/tender-alert-migration.test.ts',
  // concurrency, locks and caches across processes
  'test/mail-durability.test.ts',
  'test/read-cache.test.ts',
  'test/session-cache.test.ts',
  'test/shared-rate-limits.test.ts',
  'test/admin-list-cache.test.ts',
  'test/viewer-cache.test.ts',
  'test/security/login-throttle.test.ts',
  'src/features/developers/test/change-feed.test.ts',
  'src/features/developers/test/api-keys.test.ts',
  'src/features/tenders/test/tenders-api.test.ts',
  // searches and matching
  'test/search-performance.test.ts',
  'src/features/parts/test/parts-search.test.ts',
  'src/features/providers/test/providers-search.test.ts',
  'src/features/providers/test/provider-rows.test.ts',
  'src/features/providers/test/providers-name-search.test.ts',
  'src/features/providers/test/providers-matching.test.ts',
  'src/features/alerts/test/saved-searches.test.ts',
  'src/features/alerts/test/watches.test.ts',
  'src/features/tenders/test/tender-alerts.test.ts',
  // imports
  'src/features/assets/test/assets.test.ts',
  'src/features/assets/test/repd-import.test.ts',
  'src/features/parts/parts.importer.test.ts',
  'src/features/tenders/ocds/ocds-import.test.ts',
  'src/features/trust/test/public-contracts.test.ts',
  // Insights, the maps' and places' SQL, exports
  'src/features/assets/test/asset-insights.test.ts',
  'src/features/assets/test/asset-map-cells.test.ts',
  'src/features/assets/test/assets-synthetic.test.ts',
  'src/features/assets/test/asset-providers.test.ts',
  'src/features/providers/test/providers-map-clusters.test.ts',
  'src/features/geo/test/geo.test.ts',
  'src/features/exports/test/exports.test.ts',
  'src/features/exports/test/buyer-awards-export.test.ts',
];
