import { Users } from '../../../components/ui/icons';
import { TENDER_INTENT_MESSAGES as I, TENDER_INVITEE_STATUS_LABELS } from '@solar/shared/constants/tender-sealed';
import { formatUkDateTime } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useTenderInvitees } from '../api/list-tender-invitees';

const VARIANT = { invited: 'secondary', responding: 'success', declined: 'warning', responded: 'success' } as const;

/**
 * The owner's (and admins') list of invitees on the tender page (decision 0514): each provider and
 * address invited, whether it intends to respond or declined (with the reason), and, once the
 * responses are open, who responded.
 */
export function TenderInvitees({ tenderId }: { tenderId: string }) {
  const invitees = useTenderInvitees(tenderId);
  return (
    <Card className="p-6" aria-labelledby="tender-invitees-title">
      <h2 id="tender-invitees-title" className="mb-1 flex items-center gap-2 text-lg font-semibold">
        <Users className="h-5 w-5 shrink-0 text-primary" aria-hidden />
        {I.inviteesTitle}
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">{I.inviteesHint}</p>
      {invitees.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : invitees.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {invitees.error.message}
        </p>
      ) : invitees.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{I.inviteesEmpty}</p>
      ) : (
        <ul className="divide-y divide-border">
          {invitees.data.map((i) => (
            <li key={`${i.kind}:${i.name}`} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="break-all font-medium text-slate-900">{i.name}</p>
                {i.reason && <p className="break-words text-sm text-slate-700">Reason: {i.reason}</p>}
                {i.updatedAt && <p className="text-xs text-muted-foreground">Replied {formatUkDateTime(i.updatedAt)}</p>}
              </div>
              <Badge variant={VARIANT[i.status]}>{TENDER_INVITEE_STATUS_LABELS[i.status]}</Badge>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
