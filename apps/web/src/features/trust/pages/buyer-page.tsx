import { useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { ExternalLink } from '../../../components/ui/icons';
import type { BuyerAward } from '@solar/shared/contracts/trust';
import { formatDate, formatGBP } from '@solar/shared/domain/format';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { useBuyer } from '../api/get-buyer';
import { ExportButton } from '../../../components/export/export-button';
import { formatCount } from '@solar/shared/domain/count';
import { EXPORT_MESSAGES } from '@solar/shared/constants/exports';
import { exportBuyerAwardsUrl } from '../api/export-buyer-awards';

export { handle } from './buyer-page.handle';

/** /buyers/{slug} (docs/product/trust.md#buyer-pages): notices and awards, suppliers, totals by year, contracts ending soon. */
export function BuyerPage() {
  const { slug = '' } = useParams();
  const query = useBuyer(slug);
  if (query.isPending) return <p role="status" className="py-16 text-center text-muted-foreground">Loading buyer…</p>;
  if (query.isError) {
    return (
      <div className="py-16 text-center">
        <p role="alert">{query.error instanceof ApiError && query.error.status === 404 ? 'Buyer not found' : query.error.message}</p>
        <Link to="/buyers" className="text-primary underline">
          All buyers
        </Link>
      </div>
    );
  }
  const b = query.data;
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
      <div>
        <p className="text-sm text-muted-foreground">
          <Link to="/buyers" className="underline">
            Buyers
          </Link>
        </p>
        <h1 className="text-3xl font-semibold">{b.name}</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          {b.notices} public {b.notices === 1 ? 'notice' : 'notices'} · {b.awards} {b.awards === 1 ? 'award' : 'awards'} · {formatGBP(b.awardedValue)} awarded
          {b.town ? ` · ${b.town}` : ''}
        </p>
      </div>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-lg">Contracts ending in the next 12 months</CardTitle>
            </CardHeader>
            <CardContent>
              {b.endingSoon.length === 0 ? <p className="text-sm text-muted-foreground">No awarded contract ends in the next 12 months.</p> : <AwardList awards={b.endingSoon} showEnd />}
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-3">
              <CardTitle className="text-lg">Awards</CardTitle>
              {b.awards > 0 && (
                <ExportButton
                  what={{ words: EXPORT_MESSAGES.awardsOf(b.name, formatCount(b.awards, 'award')) }}
                  total={b.awards}
                  files={() => ({ csv: exportBuyerAwardsUrl(b.slug, 'csv'), json: exportBuyerAwardsUrl(b.slug, 'json') })}
                />
              )}
            </CardHeader>
            <CardContent>{b.awardList.length === 0 ? <p className="text-sm text-muted-foreground">No awards yet.</p> : <AwardList awards={b.awardList} />}</CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-lg">Notices</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y divide-border text-sm">
                {b.recentNotices.map((n) => (
                  <li key={n.id} className="py-2">
                    <Link to={`/tender/${n.id}`} className="font-medium hover:underline">
                      {n.title}
                    </Link>
                    <p className="text-muted-foreground">
                      Published {formatDate(n.publishedOn)}
                      {n.closingOn && ` · closes ${formatDate(n.closingOn)}`}
                      {n.value !== null && ` · up to ${formatGBP(n.value)}`}
                      {n.stage === 'awarded' && ' · awarded'}
                    </p>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
        <div className="space-y-6">
          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-lg">Totals by year</CardTitle>
            </CardHeader>
            <CardContent>
              <table className="w-full text-sm">
                <thead>
                  <tr className="text-left text-muted-foreground">
                    <th scope="col" className="py-1 font-medium">Year</th>
                    <th scope="col" className="py-1 font-medium">Awards</th>
                    <th scope="col" className="py-1 text-right font-medium">Value</th>
                  </tr>
                </thead>
                <tbody>
                  {b.totalsByYear.map((y) => (
                    <tr key={y.year} className="border-t border-border">
                      <td className="py-1">{y.year}</td>
                      <td className="py-1">{y.awards}</td>
                      <td className="py-1 text-right">{formatGBP(y.value)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </CardContent>
          </Card>
          <Card>
            <CardHeader className="pb-3">
              <CardTitle className="text-lg">Suppliers used</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="space-y-1.5 text-sm">
                {b.suppliers.map((s) => (
                  <li key={s.provider?.slug ?? s.name} className="flex justify-between gap-2">
                    {s.provider ? (
                      <Link to={`/providers/${s.provider.slug}`} className="text-primary underline">
                        {s.name}
                      </Link>
                    ) : (
                      <span>{s.name}</span>
                    )}
                    <span className="shrink-0 text-muted-foreground">
                      {s.awards} · {formatGBP(s.value)}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}

function AwardList({ awards, showEnd = false }: { awards: BuyerAward[]; showEnd?: boolean }) {
  return (
    <ul className="divide-y divide-border text-sm">
      {awards.map((a) => (
        <li key={a.tenderId} className="space-y-0.5 py-2">
          <Link to={`/tender/${a.tenderId}`} className="font-medium hover:underline">
            {a.title}
          </Link>
          <p className="text-muted-foreground">
            {a.suppliers.length > 0 && <>To {a.suppliers.map((s) => s.name).join(', ')} · </>}
            {a.value !== null ? formatGBP(a.value) : 'value not given'}
            {a.awardedOn && ` · awarded ${formatDate(a.awardedOn)}`}
            {showEnd && a.endsOn && ` · ends ${formatDate(a.endsOn)}`}
          </p>
          {showEnd && <p className="text-muted-foreground">Extension options: {a.extensionOptions ?? 'not given in the notice'}</p>}
          {a.sourceUrl && (
            <a href={a.sourceUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 text-primary underline">
              Source notice <ExternalLink className="h-3 w-3" aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
