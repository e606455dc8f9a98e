import { History } from '../../../components/ui/icons';
import { TENDER_EVENT_LABELS } from '@solar/shared/constants/tender-lifecycle';
import { formatUkDateTime } from '@solar/shared/domain/format';
import { changeLines } from '@solar/shared/domain/tender-changes';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTenderEvents } from '../api/list-tender-events';

/**
 * The tender's History (decision 0407): its audit (`GET /api/tenders/:id/events`), newest first,
 * for the owner and admins: the whole cycle after publication (decision 0447), with when, by whom
 * (never an asker) and what about.
 */
export function TenderHistory({ tenderId }: { tenderId: string }) {
  const events = useTenderEvents(tenderId);
  return (
    <Card className="p-6" aria-labelledby="tender-history-title">
      <h2 id="tender-history-title" className="mb-1 flex items-center gap-2 text-lg font-semibold">
        <History className="h-5 w-5 text-primary" aria-hidden />
        History
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">The whole cycle after publication: invitations, questions, responses, shortlisting, clarifications, edits, the evaluation criteria and pricing schedule, evaluators and their declarations, and the outcome. Only the tender's owner and the marketplace team see this.</p>
      {events.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : events.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Failed to load the history. {events.error.message}
        </p>
      ) : events.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened to this tender yet.</p>
      ) : (
        <ol className="space-y-4 border-l-2 border-border pl-4">
          {[...events.data].reverse().map((e) => (
            <li key={e.id} className="min-w-0">
              <p className="flex flex-wrap items-baseline gap-x-2 font-medium text-slate-900">
                {TENDER_EVENT_LABELS[e.kind]}
                <time dateTime={e.createdAt} className="text-sm font-normal text-muted-foreground">
                  {formatUkDateTime(e.createdAt)}
                  {e.actor ? ` · ${e.actor.name}` : ''}
                </time>
              </p>
              {e.subject && <p className="break-words text-sm text-slate-700">{e.subject}</p>}
              {e.reason && <p className="break-words text-sm text-slate-700">Reason: {e.reason}</p>}
              {changeLines(e).length > 0 && (
                <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
                  {changeLines(e).map((line) => (
                    <li key={line} className="break-words">
                      {line}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
