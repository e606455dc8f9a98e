import { useState } from 'react';
import { ADMIN_MESSAGES as M } from '@solar/shared/constants/admin';
import { describeAuditEntry } from '@solar/shared/domain/audit-log';
import { formatDate } from '@solar/shared/domain/format';
import { formatNumber } from '@solar/shared/domain/count';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useAuditLog } from '../api/list-audit-log';
import { EmptyState, ListSkeleton, LoadError } from './shared';

/**
 * Every admin action and every tender lifecycle event, newest first (decisions 0230, 0424): who did
 * what to what, by name, when (UK time), and what changed.
 */
export function AuditLogTab() {
  const [page, setPage] = useState(1);
  const log = useAuditLog(page);
  if (log.isPending) return <ListSkeleton />;
  if (log.isError) return <LoadError message={log.error.message || M.fetchAuditFailed} onRetry={() => void log.refetch()} />;
  const { data, pagination } = log.data;
  return (
    <section aria-labelledby="audit-heading" className="grid gap-3">
      <h2 id="audit-heading" className="text-xl font-semibold text-slate-900">
        Audit log <span className="text-base font-normal text-muted-foreground">({formatNumber(pagination.total)})</span>
      </h2>
      <p className="text-sm text-muted-foreground">Admin actions and tender events, newest first. Times are UK time.</p>
      {data.length === 0 ? (
        <EmptyState>No admin actions yet</EmptyState>
      ) : (
        <ul className="grid gap-2">
          {data.map((entry) => {
            const { sentence, lines } = describeAuditEntry(entry);
            return (
              <li key={entry.id} className="min-w-0 rounded-lg border border-border bg-white p-3 text-sm">
                <p className="break-words font-medium text-slate-900">{sentence}</p>
                <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground">
                  <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, 'dd/MM/yyyy HH:mm')} UK time</time>
                  <Badge variant={entry.source === 'tender' ? 'outline' : 'secondary'}>{entry.source === 'tender' ? 'Tender' : 'Admin'}</Badge>
                </p>
                {entry.reason ? <p className="mt-1 break-words text-slate-700">Reason: {entry.reason}</p> : null}
                {lines.length > 0 ? (
                  <ul className="mt-1 space-y-0.5 text-slate-700">
                    {lines.map((line) => (
                      <li key={line} className="break-words">
                        {line}
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
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
