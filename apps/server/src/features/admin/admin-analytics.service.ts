import { ANALYTICS_TOP_PATHS } from '@solar/shared/constants/admin';
import type { AnalyticsSummary } from '@solar/shared/contracts/admin';
import { isoDay } from '../../db/sql-helpers';
import type { AppContext } from '../../plugins/context';
import { pageViewsPerDay, topPaths } from './admin-analytics.repository';

/** The Analytics tab (docs/product/admin.md#analytics: admins see the figures). */

type Ctx = Pick<AppContext, 'database' | 'clock'>;

const DAY_MS = 86_400_000;

export async function getAnalytics(ctx: Ctx, days: number): Promise<AnalyticsSummary> {
  const today = new Date(Math.floor(ctx.clock.now().getTime() / DAY_MS) * DAY_MS);
  const since = new Date(today.getTime() - (days - 1) * DAY_MS);
  const [perDay, top] = await Promise.all([pageViewsPerDay(ctx.database.db, since), topPaths(ctx.database.db, since, ANALYTICS_TOP_PATHS)]);
  const counts = new Map(perDay.map((r) => [r.day, Number(r.views)]));
  const series = Array.from({ length: days }, (_, i) => {
    const date = isoDay(new Date(since.getTime() + i * DAY_MS));
    return { date, views: counts.get(date) ?? 0 };
  });
  return {
    days,
    total: series.reduce((sum, d) => sum + d.views, 0),
    perDay: series,
    topPaths: top.map((r) => ({ path: r.path, views: Number(r.views) })),
  };
}
