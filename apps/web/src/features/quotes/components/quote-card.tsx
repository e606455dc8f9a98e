import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import { Download, FileText, Mail, Phone } from '../../../components/ui/icons';
import { QUOTE_ATTACHMENT_LABELS, QUOTE_MESSAGES as M, QUOTE_STATUS_LABELS, contractOf, contractUrl, type QuoteStatus } from '@solar/shared/constants/quotes';
import { replyQuoteBody, type Quote } from '@solar/shared/contracts/quotes';
import { formatDate } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useCompleteQuote } from '../api/complete-quote';
import { useReplyToQuote } from '../api/reply-to-quote';
import { formatFileSize } from './format-file-size';
import { timePreferenceLabel } from './quote-form';

const STATUS_VARIANT: Record<QuoteStatus, 'warning' | 'success' | 'secondary'> = { pending: 'warning', responded: 'success', declined: 'secondary', completed: 'success' };

export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <Badge variant={STATUS_VARIANT[status]}>{QUOTE_STATUS_LABELS[status]}</Badge>;
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** One quote in the dashboard: received (the provider's view, with contact and reply) or sent. */
export function QuoteCard({ quote, view }: { quote: Quote; view: 'received' | 'sent' }) {
  const contract = contractOf(quote.selectedContract);
  const title = view === 'received' ? `${quote.name} (${quote.sender.company})` : quote.provider.businessName;
  return (
    <Card>
      <CardContent className="grid gap-4 p-5">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="text-base font-semibold text-slate-900">
              {view === 'sent' ? (
                <Link to={`/providers/${quote.provider.slug}`} className="hover:underline">
                  {title}
                </Link>
              ) : (
                title
              )}
            </h3>
            <p className="text-sm text-muted-foreground">
              {quote.service || 'General enquiry'} · Sent {formatDate(quote.createdAt)}
              {view === 'received' && ` to ${quote.provider.businessName}`}
            </p>
          </div>
          <QuoteStatusBadge status={quote.status} />
        </div>

        {view === 'sent' && quote.routedTo === 'marketplace' && quote.status === 'pending' && (
          <p className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-950">
            With the Solar Marketplace team: this company has not claimed its profile yet.
          </p>
        )}

        <dl className="grid gap-3 sm:grid-cols-3">
          <Detail label="Location">{quote.location || 'Not given'}</Detail>
          <Detail label={M.preferredStartTime}>{quote.timePreference ? timePreferenceLabel(quote.timePreference) : 'Not specified'}</Detail>
          <Detail label="NDA">{quote.requiresNDA ? 'Required' : 'Not required'}</Detail>
          {contract && (
            <Detail label="Proposed contract">
              <a href={contractUrl(contract.value)!} target="_blank" rel="noopener noreferrer" className="text-primary underline-offset-4 hover:underline">
                {contract.label}
                <span className="sr-only"> (PDF, opens in a new tab)</span>
              </a>
            </Detail>
          )}
          {view === 'received' && (
            <Detail label="Contact">
              <span className="grid gap-0.5">
                <a href={`mailto:${quote.email}`} className="inline-flex items-center gap-1 text-primary hover:underline">
                  <Mail className="h-3.5 w-3.5" aria-hidden /> {quote.email}
                </a>
                <a href={`tel:${quote.phone.replace(/[^+0-9]/g, '')}`} className="inline-flex items-center gap-1 text-primary hover:underline">
                  <Phone className="h-3.5 w-3.5" aria-hidden /> {quote.phone}
                </a>
              </span>
            </Detail>
          )}
        </dl>

        {quote.description && (
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">Job description</p>
            <p className="mt-1 whitespace-pre-line text-sm text-slate-900">{quote.description}</p>
          </div>
        )}

        {quote.attachments.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Attachments">
            {quote.attachments.map((a) => (
              <li key={a.id}>
                <a
                  href={a.url}
                  download={a.filename}
                  className="inline-flex items-center gap-2 rounded-md border border-border bg-white px-3 py-1.5 text-sm text-slate-900 hover:bg-muted"
                >
                  <FileText className="h-4 w-4 text-primary" aria-hidden />
                  <span>
                    {QUOTE_ATTACHMENT_LABELS[a.kind]}: {a.filename} <span className="text-muted-foreground">({formatFileSize(a.size)})</span>
                  </span>
                  <Download className="h-4 w-4" aria-hidden />
                </a>
              </li>
            ))}
          </ul>
        )}

        {quote.status !== 'pending' && (
          <div className="rounded-md border border-border bg-muted/40 px-3 py-2">
            <p className="text-xs font-medium uppercase tracking-wide text-muted-foreground">
              {quote.status === 'declined' ? 'Declined' : 'Reply'} {quote.repliedAt && `· ${formatDate(quote.repliedAt)}`}
            </p>
            <p className="mt-1 whitespace-pre-line text-sm text-slate-900">{quote.replyMessage || 'No message.'}</p>
          </div>
        )}

        {quote.canReply && <ReplyForm quoteId={quote.id} />}
        {quote.canComplete && <CompleteButton quoteId={quote.id} />}
        {quote.status === 'completed' && (
          <p className="text-sm">
            Work completed {formatDate(quote.completedAt)}.
            {view === 'sent' && (
              <>
                {' '}
                <Link to="/reviews/write" className="font-medium text-primary underline">
                  Write a review
                </Link>
              </>
            )}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

/** Decision 0480: the provider says the work was done, so its requester may review it. */
function CompleteButton({ quoteId }: { quoteId: string }) {
  const complete = useCompleteQuote();
  return (
    <Button
      variant="secondary"
      disabled={complete.isPending}
      onClick={() =>
        complete.mutate(quoteId, {
          onSuccess: () => toast({ title: 'Success', description: 'Marked as completed. The customer can now review your work.', variant: 'success' }),
          onError: (e) => toast({ title: 'Error', description: e.message, variant: 'destructive' }),
        })
      }
    >
      {complete.isPending ? 'Saving...' : 'Mark work completed'}
    </Button>
  );
}

function ReplyForm({ quoteId }: { quoteId: string }) {
  const [mode, setMode] = useState<'responded' | 'declined' | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const reply = useReplyToQuote();
  const fieldId = `reply-${quoteId}`;

  if (!mode) {
    return (
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setMode('responded')}>Reply</Button>
        <Button variant="secondary" onClick={() => setMode('declined')}>
          Decline
        </Button>
      </div>
    );
  }

  const send = () => {
    const parsed = replyQuoteBody.safeParse({ status: mode, replyMessage: message });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? M.replyRequired);
    reply.mutate(
      { id: quoteId, ...parsed.data },
      {
        onSuccess: () => toast({ title: 'Success', description: mode === 'declined' ? M.declined : M.replied, variant: 'success' }),
        onError: (e) => toast({ title: 'Error', description: e.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="grid gap-2 rounded-md border border-border p-3">
      <Field id={fieldId} label={mode === 'declined' ? 'Reason for declining (optional)' : 'Your reply'} error={error}>
        {(control) => (
          <Textarea
            {...control}
            rows={4}
            value={message}
            maxLength={5000}
            onChange={(e) => {
              setMessage(e.target.value);
              setError(null);
            }}
            placeholder={mode === 'declined' ? 'Let them know why, if you like.' : 'Your price, availability and any questions.'}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button onClick={send} disabled={reply.isPending} variant={mode === 'declined' ? 'destructive' : 'primary'}>
          {reply.isPending ? 'Sending...' : mode === 'declined' ? 'Decline quote' : 'Send reply'}
        </Button>
        <Button variant="ghost" onClick={() => setMode(null)} disabled={reply.isPending}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
