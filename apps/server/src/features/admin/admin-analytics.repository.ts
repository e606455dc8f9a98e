import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isoDateColumn, rowsOf } from '../../db/sql-helpers';

/** Page views per UTC day since `since`, days without views left out. */
export async function pageViewsPerDay(db: Db, since: Date) {
  const rows = await db.execute(
    sql`SELECT ${sql.raw(isoDateColumn("date_trunc('day', created_at AT TIME ZONE 'UTC')", 'day'))}, count(*)::int AS views
        FROM page_views WHERE created_at >= ${since.toISOString()}::timestamptz GROUP BY 1 ORDER BY 1`,
  );
  return rowsOf<{ day: string; views: number }>(rows);
}

export async function topPaths(db: Db, since: Date, limit: number) {
  const rows = await db.execute(
    sql`SELECT path, count(*)::int AS views FROM page_views WHERE created_at >= ${since.toISOString()}::timestamptz
        GROUP BY path ORDER BY views DESC, path LIMIT ${limit}`,
  );
  return rowsOf<{ path: string; views: number }>(rows);
}
