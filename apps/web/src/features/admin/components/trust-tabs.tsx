import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import { formatDate, formatGBP } from '@solar/shared/domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import {
  useAdminAccreditations,
  useAdminReviews,
  useCreateSupplierProfile,
  useDecideSupplierMatch,
  useModerateReview,
  useSupplierSuggestions,
  useVerifyAccreditation,
} from '../api/trust-queues';

/** The admin's trust queues (issue 31; docs/product/trust.md): accreditations, reviews, award suppliers. */

const fail = (e: Error) => toast({ title: 'Error', description: e.message, variant: 'destructive' });
const Empty = ({ text }: { text: string }) => <p className="rounded-md border border-border p-4 text-sm text-muted-foreground">{text}</p>;

export function AccreditationsTab() {
  const query = useAdminAccreditations('waiting', 1);
  const verify = useVerifyAccreditation();
  const [notes, setNotes] = useState<Record<string, string>>({});
  if (query.isPending) return <p role="status">Loading…</p>;
  if (query.isError) return <p role="alert">{query.error.message}</p>;
  if (query.data.data.length === 0) return <Empty text="No accreditation is waiting for verification." />;
  return (
    <ul className="space-y-3" aria-label="Accreditations to verify">
      {query.data.data.map((a) => (
        <li key={a.id} className="grid gap-2 rounded-lg border border-border bg-white p-4 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <Link to={`/providers/${a.provider.slug}`} className="font-medium text-primary underline">
              {a.provider.name}
            </Link>
            <Badge variant="secondary">{a.label}</Badge>
          </p>
          <p>
            No. {a.number}
            {a.scope && ` · ${a.scope}`}
            {a.expiresOn && ` · expires ${formatDate(a.expiresOn)}`} · added {formatDate(a.createdAt)}
          </p>
          {a.evidence && (
            <a href={a.evidence.url} target="_blank" rel="noopener noreferrer" className="text-primary underline">
              Open the evidence: {a.evidence.filename}
            </a>
          )}
          <label htmlFor={`note-${a.id}`} className="font-medium">
            Note (optional; the owner sees it)
          </label>
          <Input id={`note-${a.id}`} value={notes[a.id] ?? ''} onChange={(e) => setNotes({ ...notes, [a.id]: e.target.value })} />
          <div className="flex gap-2">
            <Button size="sm" disabled={verify.isPending} onClick={() => verify.mutate({ id: a.id, decision: 'verify', note: notes[a.id] ?? '' }, { onError: fail })}>
              Verify
            </Button>
            <Button size="sm" variant="secondary" disabled={verify.isPending} onClick={() => verify.mutate({ id: a.id, decision: 'decline', note: notes[a.id] ?? '' }, { onError: fail })}>
              Decline
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ReviewsTab() {
  const [status, setStatus] = useState<'flagged' | 'published' | 'removed'>('flagged');
  const query = useAdminReviews(status, 1);
  const moderate = useModerateReview();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  return (
    <div className="space-y-3">
      <div className="flex gap-2" role="group" aria-label="Show">
        {(['flagged', 'published', 'removed'] as const).map((s) => (
          <Button key={s} size="sm" variant={s === status ? 'primary' : 'secondary'} aria-pressed={s === status} onClick={() => setStatus(s)}>
            {s === 'flagged' ? 'Reported' : s === 'published' ? 'Published' : 'Removed'}
          </Button>
        ))}
      </div>
      <p className="text-sm text-muted-foreground">Remove only what breaks the review policy. A low rating is never a reason. Every decision goes to the audit log with its reason.</p>
      {query.isPending ? (
        <p role="status">Loading…</p>
      ) : query.isError ? (
        <p role="alert">{query.error.message}</p>
      ) : query.data.data.length === 0 ? (
        <Empty text="Nothing here." />
      ) : (
        <ul className="space-y-3" aria-label="Reviews">
          {query.data.data.map((r) => (
            <li key={r.id} className="grid gap-2 rounded-lg border border-border bg-white p-4 text-sm">
              <p className="flex flex-wrap items-center gap-2">
                <Link to={`/providers/${r.provider.slug}`} className="font-medium text-primary underline">
                  {r.provider.name}
                </Link>
                <Badge variant="outline">{r.workLabel}</Badge>
                <span>
                  {r.overall.toFixed(1)} / 5 by {r.authorName}
                </span>
              </p>
              <p className="whitespace-pre-line">{r.body}</p>
              {r.flagReason && <p className="text-amber-900">Reported by the provider: {r.flagReason}</p>}
              {r.removalReason && <p className="text-muted-foreground">Removed {formatDate(r.removedAt)}: {r.removalReason}</p>}
              {r.status === 'published' && (
                <>
                  <label htmlFor={`reason-${r.id}`} className="font-medium">
                    Reason for the log
                  </label>
                  <Input id={`reason-${r.id}`} value={reasons[r.id] ?? ''} onChange={(e) => setReasons({ ...reasons, [r.id]: e.target.value })} />
                  <div className="flex gap-2">
                    <Button size="sm" variant="destructive" disabled={!reasons[r.id]?.trim() || moderate.isPending} onClick={() => moderate.mutate({ id: r.id, action: 'remove', reason: reasons[r.id]! }, { onError: fail })}>
                      Remove
                    </Button>
                    {r.flaggedAt && (
                      <Button size="sm" variant="secondary" disabled={!reasons[r.id]?.trim() || moderate.isPending} onClick={() => moderate.mutate({ id: r.id, action: 'keep', reason: reasons[r.id]! }, { onError: fail })}>
                        Keep published
                      </Button>
                    )}
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function SupplierMatchesTab() {
  const [page, setPage] = useState(1);
  const query = useSupplierSuggestions(page);
  const decide = useDecideSupplierMatch();
  const create = useCreateSupplierProfile();
  /** What the last decision did, with the way to the profile it touched. */
  const [done, setDone] = useState<{ text: string; name: string; slug: string } | null>(null);
  if (query.isPending) return <p role="status">Loading…</p>;
  if (query.isError) return <p role="alert">{query.error.message}</p>;
  const outcome = (
    <p role="status" className="text-sm">
      {done && (
        <>
          {done.text}{' '}
          <Link to={`/providers/${done.slug}`} className="font-medium text-primary underline">
            {done.name}
          </Link>
        </>
      )}
    </p>
  );
  if (query.data.data.length === 0)
    return (
      <div className="space-y-3">
        {outcome}
        <Empty text="Every award supplier is matched by an identifier or decided." />
      </div>
    );
  return (
    <div className="space-y-3">
      {outcome}
      <p className="text-sm text-muted-foreground">
        Award suppliers that no Companies House number or PPON ties to a profile. A name alone never ties them: confirm a match, reject it, or make an unclaimed profile from the award.
      </p>
      <ul className="space-y-3" aria-label="Award suppliers to match">
        {query.data.data.map((s) => (
          <li key={`${s.tenderId}-${s.supplierName}`} className="grid gap-2 rounded-lg border border-border bg-white p-4 text-sm">
            <p className="font-medium">{s.supplierName}</p>
            <p className="text-muted-foreground">
              <Link to={`/tender/${s.tenderId}`} className="underline">
                {s.tenderTitle}
              </Link>
              {s.buyerName && ` · ${s.buyerName}`}
              {s.value !== null && ` · ${formatGBP(s.value)}`}
              {s.awardedOn && ` · awarded ${formatDate(s.awardedOn)}`}
            </p>
            {s.candidates.map((c) => (
              <div key={c.id} className="flex flex-wrap items-center gap-2">
                <span>
                  Similar profile:{' '}
                  <Link to={`/providers/${c.slug}`} className="text-primary underline">
                    {c.name}
                  </Link>{' '}
                  ({Math.round(c.similarity * 100)}% alike)
                </span>
                <Button size="sm" disabled={decide.isPending} onClick={() =>
                    decide.mutate(
                      { tenderId: s.tenderId, supplierName: s.supplierName, providerId: c.id, decision: 'confirm' },
                      { onError: fail, onSuccess: () => setDone({ text: `Match confirmed: the award to ${s.supplierName} is listed on`, name: c.name, slug: c.slug }) },
                    )
                  }
                >
                  Confirm match
                </Button>
                <Button size="sm" variant="secondary" disabled={decide.isPending} onClick={() => decide.mutate({ tenderId: s.tenderId, supplierName: s.supplierName, providerId: c.id, decision: 'reject' }, { onError: fail })}>
                  Not the same
                </Button>
              </div>
            ))}
            <div>
              <Button size="sm" variant="secondary" disabled={create.isPending} onClick={() =>
                  create.mutate(
                    { tenderId: s.tenderId, supplierName: s.supplierName },
                    { onError: fail, onSuccess: (res) => setDone({ text: 'Unclaimed profile made from the award:', name: res.data.name, slug: res.data.slug }) },
                  )
                }
              >
                Make an unclaimed profile from this award
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <div className="flex gap-2">
        {page > 1 && (
          <Button size="sm" variant="secondary" onClick={() => setPage(page - 1)}>
            Previous
          </Button>
        )}
        {page < query.data.pagination.pages && (
          <Button size="sm" variant="secondary" onClick={() => setPage(page + 1)}>
            Next
          </Button>
        )}
      </div>
    </div>
  );
}
