import { ANALYTICS_DAYS } from '@solar/shared/constants/admin';
import { formatDate } from '@solar/shared/domain/format';
import { formatCount, formatNumber } from '@solar/shared/domain/count';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { useAdminAnalytics } from '../api/get-admin-analytics';
import { EmptyState, ListSkeleton, LoadError } from './shared';

/** Analytics (docs/product/admin.md#analytics): page views per day and the top paths, from the page_views table. */
export function AnalyticsTab() {
  const analytics = useAdminAnalytics(ANALYTICS_DAYS);
  if (analytics.isPending) return <ListSkeleton />;
  if (analytics.isError) return <LoadError message={analytics.error.message || 'Failed to fetch analytics'} onRetry={() => void analytics.refetch()} />;
  const { perDay, topPaths, total, days } = analytics.data;
  const max = Math.max(1, ...perDay.map((d) => d.views));
  return (
    <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
      <Card>
        <CardHeader>
          <CardTitle>Page views per day</CardTitle>
          <p className="text-sm text-muted-foreground">
            {formatCount(total, 'view')} in the last {formatCount(days, 'day')}
          </p>
        </CardHeader>
        <CardContent>
          <div className="flex h-48 items-end gap-[2px]" aria-hidden>
            {perDay.map((d) => (
              <div key={d.date} className="flex-1 rounded-t bg-primary/80" style={{ height: `${(d.views / max) * 100}%`, minHeight: d.views ? 2 : 0 }} title={`${formatDate(d.date)}: ${formatCount(d.views, 'view')}`} />
            ))}
          </div>
          <div className="mt-1 flex justify-between text-xs text-muted-foreground" aria-hidden>
            <span>{formatDate(perDay[0]?.date)}</span>
            <span>{formatDate(perDay.at(-1)?.date)}</span>
          </div>
          <details className="mt-4 text-sm">
            <summary className="cursor-pointer font-medium text-slate-800">Daily figures</summary>
            <table className="mt-2 w-full text-left">
              <thead>
                <tr>
                  <th scope="col" className="py-1 font-medium">Date</th>
                  <th scope="col" className="py-1 text-right font-medium">Views</th>
                </tr>
              </thead>
              <tbody>
                {[...perDay].reverse().map((d) => (
                  <tr key={d.date} className="border-t border-border">
                    <td className="py-1">{formatDate(d.date)}</td>
                    <td className="py-1 text-right tabular-nums">{formatNumber(d.views)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Top paths</CardTitle>
        </CardHeader>
        <CardContent>
          {topPaths.length === 0 ? (
            <EmptyState>No page views yet</EmptyState>
          ) : (
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className="py-1 font-medium">Path</th>
                  <th scope="col" className="py-1 text-right font-medium">Views</th>
                </tr>
              </thead>
              <tbody>
                {topPaths.map((p) => (
                  <tr key={p.path} className="border-t border-border">
                    <td className="break-all py-1.5 pr-2 font-mono text-xs">{p.path}</td>
                    <td className="py-1.5 text-right tabular-nums">{formatNumber(p.views)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
