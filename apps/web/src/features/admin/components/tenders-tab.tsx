import { useState } from 'react';
import { Link } from 'react-router';
import type { Tender } from '@solar/shared/contracts/tenders';
import { TENDER_STATUSES, type TenderStatus } from '@solar/shared/constants/tenders';
import { formatDate } from '@solar/shared/domain/format';
import { formatNumber } from '@solar/shared/domain/count';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useAdminTenders } from '../api/list-tenders';
import { EmptyState, ListSkeleton, LoadError } from './shared';

const LABELS: Record<TenderStatus, string> = { open: 'Open', closed: 'Closed', awarded: 'Awarded' };
const SHOWN = 10;

/** Tenders (docs/product/admin.md#tenders): every tender grouped by status, from GET /api/tenders. */
export function TendersTab() {
  const tenders = useAdminTenders();
  if (tenders.isPending) return <ListSkeleton />;
  if (tenders.isError) return <LoadError message={tenders.error.message} onRetry={() => void tenders.refetch()} />;
  const groups = Object.fromEntries(TENDER_STATUSES.map((s) => [s, tenders.data.filter((t) => t.status === s)])) as Record<TenderStatus, Tender[]>;
  return (
    <div className="grid gap-8">
      {TENDER_STATUSES.map((status) => (
        <TenderGroup key={status} status={status} tenders={groups[status]} />
      ))}
    </div>
  );
}

function TenderGroup({ status, tenders }: { status: TenderStatus; tenders: Tender[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? tenders : tenders.slice(0, SHOWN);
  const headingId = `tenders-${status}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {LABELS[status]} tenders <span className="text-base font-normal text-muted-foreground">({formatNumber(tenders.length)})</span>
      </h2>
      {tenders.length === 0 ? (
        <EmptyState>No {status} tenders</EmptyState>
      ) : (
        <ul className="grid gap-2">
          {shown.map((t) => (
            <li key={t.id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-border bg-white p-3">
              <div className="min-w-0">
                <Link to={`/tender/${t.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {t.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {t.organisationName ?? t.user?.name ?? 'Unknown organisation'} · Published {formatDate(t.publishedDate)}
                  {t.closingDate ? ` · Closes ${formatDate(t.closingDate)}` : ''}
                </p>
              </div>
              <div className="flex flex-wrap gap-1">
                <Badge variant="secondary">{t.source}</Badge>
                {t.type === 'private' ? <Badge variant="outline">Private</Badge> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {tenders.length > SHOWN ? (
        <div>
          <Button variant="secondary" size="sm" onClick={() => setAll((v) => !v)}>
            {all ? 'Show fewer' : `Show all ${formatNumber(tenders.length)}`}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
