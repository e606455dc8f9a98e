import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import type { WaitingItem } from '@solar/shared/contracts/admin';
import { formatDate } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useActOnWaitingRequest, useWaitingRequests } from '../api/list-waiting-requests';
import { EmptyState, ListSkeleton, LoadError, failed } from './shared';

const STATUS_VARIANT = { waiting: 'warning', forwarded: 'default', closed: 'secondary', resolved: 'success' } as const;
const STATUS_LABEL = { waiting: 'Waiting', forwarded: 'Forwarded', closed: 'Closed', resolved: 'Resolved' } as const;

/** Waiting (decision 0234): quotes and tender invitations sent to providers nobody has claimed yet. */
export function WaitingTab() {
  const [show, setShow] = useState<'open' | 'all'>('open');
  const items = useWaitingRequests(show);
  return (
    <section aria-labelledby="waiting-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="waiting-heading" className="text-xl font-semibold text-slate-900">
            Waiting on unclaimed providers
          </h2>
          <p className="text-sm text-muted-foreground">Quote requests and tender invitations sent to profiles that nobody has claimed yet.</p>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <input type="checkbox" checked={show === 'all'} onChange={(e) => setShow(e.target.checked ? 'all' : 'open')} className="h-4 w-4" />
          Include closed and resolved
        </label>
      </div>
      {items.isPending ? (
        <ListSkeleton />
      ) : items.isError ? (
        <LoadError message={items.error.message || 'Failed to fetch waiting requests'} onRetry={() => void items.refetch()} />
      ) : items.data.length === 0 ? (
        <EmptyState>Nothing is waiting on an unclaimed provider</EmptyState>
      ) : (
        <ul className="grid gap-3">
          {items.data.map((item) => (
            <WaitingCard key={`${item.kind}:${item.refId}`} item={item} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WaitingCard({ item }: { item: WaitingItem }) {
  const act = useActOnWaitingRequest();
  // mutateAsync: a closed or resolved card leaves the list before per-call callbacks would run.
  const run = (action: 'forward' | 'close' | 'resolve') =>
    act.mutateAsync({ kind: item.kind, refId: item.refId, action }).then(
      (next) =>
        toast({
          title: STATUS_LABEL[next.status],
          description: action === 'forward' ? `Forwarded to ${next.forwardedTo}` : `${item.title} for ${item.provider.name}`,
          variant: 'success',
        }),
      (error: Error) => failed(error, 'Failed to update the request'),
    );
  const open = item.status === 'waiting' || item.status === 'forwarded';
  return (
    <li className="rounded-lg border border-border bg-white p-4" aria-label={`${item.title} for ${item.provider.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 grid gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <Badge variant="outline">{item.kind === 'quote' ? 'Quote request' : 'Tender invitation'}</Badge>
            <Badge variant={STATUS_VARIANT[item.status]}>{STATUS_LABEL[item.status]}</Badge>
            {item.provider.claimApproved ? <Badge variant="success">Claimed since</Badge> : null}
          </p>
          <p className="font-medium text-slate-900">{item.title}</p>
          <p className="text-sm text-slate-700">
            To{' '}
            <Link to={`/providers/${item.provider.slug}`} className="text-primary underline-offset-4 hover:underline">
              {item.provider.name}
            </Link>
            {item.sender ? ` from ${item.sender.name}${item.sender.company ? ` (${item.sender.company})` : ''}` : ''} · Sent {formatDate(item.sentAt)}
          </p>
          <p className="break-all text-sm text-muted-foreground">
            Public contact: {[item.provider.email, item.provider.phone, item.provider.website].filter(Boolean).join(' · ') || 'none listed'}
          </p>
          {item.forwardedTo ? <p className="text-sm text-muted-foreground">Forwarded to {item.forwardedTo}{item.actedAt ? ` on ${formatDate(item.actedAt)}` : ''}</p> : null}
        </div>
        {open ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" disabled={!item.provider.email || act.isPending} onClick={() => run('forward')} title={item.provider.email ? undefined : 'No public email address'}>
              {item.status === 'forwarded' ? 'Forward again' : 'Forward'}
            </Button>
            {item.provider.claimApproved ? (
              <Button size="sm" variant="secondary" disabled={act.isPending} onClick={() => run('resolve')}>
                Resolve
              </Button>
            ) : null}
            <Button size="sm" variant="secondary" disabled={act.isPending} onClick={() => run('close')}>
              Close
            </Button>
          </div>
        ) : null}
      </div>
    </li>
  );
}
