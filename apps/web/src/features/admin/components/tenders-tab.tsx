import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import type { Tender } from '@solar/shared/contracts/tenders';
import { formatDate } from '@solar/shared/domain/format';
import { formatNumber } from '@solar/shared/domain/count';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useAdminTenders } from '../api/list-tenders';
import { EmptyState, ListSkeleton, LoadError } from './shared';

/**
 * The groups of the Tenders tab (issue 28 item 8): a draft or a cancelled tender is in its own
 * group, whatever its dates say; the others by status (open, closed, awarded).
 */
const GROUPS = [
  ['draft', 'Drafts', 'No drafts'],
  ['open', 'Open tenders', 'No open tenders'],
  ['closed', 'Closed tenders', 'No closed tenders'],
  ['awarded', 'Awarded tenders', 'No awarded tenders'],
  ['cancelled', 'Cancelled tenders', 'No cancelled tenders'],
] as const;
type Group = (typeof GROUPS)[number][0];
const SHOWN = 10;

function groupOf(tender: Pick<Tender, 'stage' | 'status'>): Group {
  if (tender.stage === 'draft' || tender.stage === 'cancelled') return tender.stage;
  if (tender.stage === 'awarded') return 'awarded';
  return tender.status;
}

/** Tenders (docs/product/admin.md#tenders): every tender grouped by stage and status, from GET /api/tenders. */
export function TendersTab() {
  const tenders = useAdminTenders();
  if (tenders.isPending) return <ListSkeleton />;
  if (tenders.isError) return <LoadError message={tenders.error.message} onRetry={() => void tenders.refetch()} />;
  const groups = new Map<Group, Tender[]>(GROUPS.map(([group]) => [group, []]));
  for (const t of tenders.data) groups.get(groupOf(t))!.push(t);
  return (
    <div className="grid gap-8">
      {GROUPS.map(([group, label, empty]) => (
        <TenderGroup key={group} group={group} label={label} empty={empty} tenders={groups.get(group)!} />
      ))}
    </div>
  );
}

function TenderGroup({ group, label, empty, tenders }: { group: Group; label: string; empty: string; tenders: Tender[] }) {
  const [all, setAll] = useState(false);
  const shown = all ? tenders : tenders.slice(0, SHOWN);
  const headingId = `tenders-${group}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {label} <span className="text-base font-normal text-muted-foreground">({formatNumber(tenders.length)})</span>
      </h2>
      {tenders.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="grid gap-2">
          {shown.map((t) => (
            <li key={t.id} className="flex flex-wrap items-start justify-between gap-2 rounded-lg border border-border bg-white p-3">
              <div className="min-w-0">
                <Link to={`/tender/${t.id}`} className="font-medium text-primary underline-offset-4 hover:underline">
                  {t.title}
                </Link>
                <p className="text-sm text-muted-foreground">
                  {t.organisationName ?? t.user?.name ?? 'Unknown organisation'} · {group === 'draft' ? 'Saved' : 'Published'} {formatDate(t.publishedDate)}
                  {t.closingDate && group !== 'cancelled' ? ` · Closes ${formatDate(t.closingDate)}` : ''}
                </p>
                {group === 'cancelled' && t.cancelReason ? <p className="break-words text-sm text-slate-700">Reason: {t.cancelReason}</p> : null}
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
