import type { Database } from './client';

/** One occupied grid cell (decisions 0194, 0387): its rows, their mean position, the row's id when it is alone. */
export interface GridCellRow {
  n: number;
  longitude: number;
  latitude: number;
  single_id: string | null;
}

/**
 * Grid clusters in SQL: one row per occupied square cell of `cell` degrees among the rows of `from`
 * that `where` (with `params`) keeps, plus any `extra` aggregate columns. Both maps cluster this way.
 */
export function gridClusters<Extra extends object = object>(
  database: Database,
  q: { from: string; where: string; params: unknown[]; cell: number; extra?: string },
) {
  const c = `$${q.params.length + 1}::float8`;
  return database.query<GridCellRow & Extra>(
    `SELECT count(*)::int AS n, avg(longitude)::float8 AS longitude, avg(latitude)::float8 AS latitude,
       CASE WHEN count(*) = 1 THEN min(id::text) END AS single_id${q.extra ? `, ${q.extra}` : ''}
     FROM ${q.from} ${q.where} GROUP BY floor(longitude / ${c}), floor(latitude / ${c})`,
    [...q.params, q.cell],
  );
}
