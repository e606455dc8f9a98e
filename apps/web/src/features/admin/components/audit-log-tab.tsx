import { useState } from 'react';
import { formatDate } from '@solar/shared/domain/format';
import { formatNumber } from '@solar/shared/domain/count';
import { Button } from '../../../components/ui/button';
import { useAuditLog } from '../api/list-audit-log';
import { EmptyState, ListSkeleton, LoadError } from './shared';

const show = (value: unknown) => (value == null ? '' : JSON.stringify(value));

/** Every admin action, newest first (decision 0230). */
export function AuditLogTab() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  if (log.isPending) return <ListSkeleton />;
  if (log.isError) return <LoadError message={log.error.message || 'Failed to fetch the audit log'} onRetry={() => void log.refetch()} />;
  const { data, pagination } = log.data;
  return (
    <section aria-labelledby="audit-heading" className="grid gap-3">
      <h2 id="audit-heading" className="text-xl font-semibold text-slate-900">
        Audit log <span className="text-base font-normal text-muted-foreground">({formatNumber(pagination.total)})</span>
      </h2>
      {data.length === 0 ? (
        <EmptyState>No admin actions yet</EmptyState>
      ) : (
        <ul className="grid gap-2">
          {data.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-border bg-white p-3 text-sm">
              <p className="font-medium text-slate-900">{entry.summary}</p>
              <p className="text-muted-foreground">
                {entry.action} · {entry.actor.name} · {formatDate(entry.createdAt, 'dd/MM/yyyy HH:mm')}
              </p>
              {entry.before != null || entry.after != null ? (
                <p className="mt-1 break-all font-mono text-xs text-slate-700">
                  {show(entry.before)} → {show(entry.after)}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {pagination.pages > 1 ? (
        <nav aria-label="Audit log pages" className="flex items-center justify-between text-sm">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span>
            Page {pagination.page} of {pagination.pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pagination.pages} onClick={() => setPage((p) => p + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
    </section>
  );
}
