import { useState } from 'react';
import type { OutboxMail } from '@solar/shared/contracts/mail';
import { MAIL_MESSAGES as M, OUTBOX_STATUS_LABELS, type OutboxView } from '@solar/shared/constants/mail';
import { formatCount } from '@solar/shared/domain/count';
import { formatDate } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast-store';
import { useAdminMail, useRetryAdminMail } from '../api/list-admin-mail';
import { EmptyState, ListSkeleton, LoadError, failed } from './shared';

const when = (iso: string | null) => (iso ? formatDate(iso, 'dd/MM/yyyy HH:mm') : '');
const VARIANT = { pending: 'outline', sent: 'success', failed: 'destructive' } as const;

/** Mail (decision 0470): the outbox's counts, and each failing mail with the mail server's reason and Retry. */
export function MailTab() {
  const [show, setShow] = useState<OutboxView>('problems');
  const mail = useAdminMail(show);
  return (
    <section aria-labelledby="mail-heading" className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid max-w-3xl gap-1">
          <h2 id="mail-heading" className="text-xl font-semibold text-slate-900">
            {M.tabTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{M.intro}</p>
          {mail.data && <p className="text-sm text-slate-700">{mail.data.transport === 'smtp' ? M.transportSmtp : M.transportFiles}</p>}
        </div>
        <div role="group" aria-label="Show" className="flex gap-2">
          {(['problems', 'all'] as const).map((view) => (
            <Button key={view} variant={show === view ? 'primary' : 'secondary'} aria-pressed={show === view} onClick={() => setShow(view)}>
              {view === 'problems' ? M.showProblems : M.showAll}
            </Button>
          ))}
        </div>
      </div>
      {mail.isPending ? (
        <ListSkeleton />
      ) : mail.isError ? (
        <LoadError message={mail.error.message || M.fetchFailed} onRetry={() => void mail.refetch()} />
      ) : (
        <>
          <p className="text-sm text-slate-800" data-testid="mail-counts">
            {formatCount(mail.data.counts.pending, 'mail', 'mails')} waiting, {formatCount(mail.data.counts.failed, 'failed', 'failed')},{' '}
            {formatCount(mail.data.counts.sentLastDay, 'sent', 'sent')} in the last 24 hours
          </p>
          {mail.data.mail.length === 0 ? (
            <EmptyState>{show === 'problems' ? M.noProblems : M.noMail}</EmptyState>
          ) : (
            <ul className="grid gap-3">
              {mail.data.mail.map((m) => (
                <MailCard key={m.id} mail={m} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function MailCard({ mail }: { mail: OutboxMail }) {
  const retry = useRetryAdminMail();
  const onRetry = () =>
    retry.mutateAsync(mail.id).then(
      () => toast({ title: mail.subject, description: M.retried, variant: 'success' }),
      (error: Error) => failed(error, M.retryFailed),
    );
  return (
    <li className="rounded-lg border border-border bg-white p-4" aria-label={mail.subject}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="break-words font-medium text-slate-900">{mail.subject}</span>
            <Badge variant={VARIANT[mail.status]}>{OUTBOX_STATUS_LABELS[mail.status]}</Badge>
          </p>
          <p className="break-all text-sm text-slate-700">
            {mail.kind} to {mail.to} · written {when(mail.createdAt)} · {formatCount(mail.attempts, 'attempt')}
            {mail.sentAt ? ` · sent ${when(mail.sentAt)}` : ''}
            {mail.status === 'pending' && mail.nextAttemptAt ? ` · next try ${when(mail.nextAttemptAt)}` : ''}
          </p>
          {mail.lastError && <p className="break-words text-sm text-red-800">{mail.lastError}</p>}
        </div>
        {mail.status === 'failed' && (
          <Button variant="secondary" onClick={() => void onRetry()} disabled={retry.isPending}>
            {M.retry}
          </Button>
        )}
      </div>
    </li>
  );
}
