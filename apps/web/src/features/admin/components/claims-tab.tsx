import { ClaimChecks } from './claim-checks';
import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import { Check, X } from '../../../components/ui/icons';
import type { AdminClaim } from '@solar/shared/contracts/admin';
import { ADMIN_MESSAGES as M, CLAIM_STATUSES, CLAIM_STATUS_LABELS, EMPTY_CLAIMS, type ClaimStatus } from '@solar/shared/constants/admin';
import { formatDate } from '@solar/shared/domain/format';
import { formatNumber } from '@solar/shared/domain/count';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useAdminClaims } from '../api/list-admin-claims';
import { useReviewClaim } from '../api/review-claim';
import { EmptyState, ListSkeleton, LoadError, failed } from './shared';

export const claimBadgeVariant = { pending: 'warning', approved: 'success', rejected: 'destructive' } as const;

/** Provider Claims (docs/product/admin.md#claim-review): grouped by pending, approved and rejected, with Approve and Reject. */
export function ClaimsTab() {
  return (
    <div className="grid gap-8">
      {CLAIM_STATUSES.map((status) => (
        <ClaimGroup key={status} status={status} />
      ))}
    </div>
  );
}

function ClaimGroup({ status }: { status: ClaimStatus }) {
  const claims = useAdminClaims(status);
  const headingId = `claims-${status}-heading`;
  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        {CLAIM_STATUS_LABELS[status]} claims{' '}
        {claims.data ? <span className="text-base font-normal text-muted-foreground">({formatNumber(claims.data.counts[status])})</span> : null}
      </h2>
      {claims.isPending ? (
        <ListSkeleton rows={2} />
      ) : claims.isError ? (
        <LoadError message={claims.error.message} onRetry={() => void claims.refetch()} />
      ) : claims.data.data.length === 0 ? (
        <EmptyState>{EMPTY_CLAIMS[status]}</EmptyState>
      ) : (
        <ul className="grid gap-3">
          {claims.data.data.map((claim) => (
            <ClaimCard key={claim.id} claim={claim} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ClaimCard({ claim }: { claim: AdminClaim }) {
  const [deciding, setDeciding] = useState<'approved' | 'rejected' | null>(null);
  const [note, setNote] = useState('');
  const review = useReviewClaim();
  const submit = () => {
    if (!deciding) return;
    // mutateAsync: the card moves to another group on success, and per-call callbacks of an
    // unmounted observer never run.
    const decision = deciding;
    review.mutateAsync({ id: claim.id, status: decision, ...(note.trim() && { message: note.trim() }) }).then(
      () => {
        toast({
          title: decision === 'approved' ? M.claimApproved : M.claimRejected,
          description: `${claim.claimant.name}'s claim on ${claim.provider.name}`,
          variant: 'success',
        });
        setDeciding(null);
        setNote('');
      },
      (error: Error) => {
        setDeciding(null);
        failed(error, M.reviewClaimFailed);
      },
    );
  };

  return (
    <li className="rounded-lg border border-border bg-white p-4" aria-label={`Claim on ${claim.provider.name} by ${claim.claimant.name}`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 grid gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <Link to={`/providers/${claim.provider.slug}`} className="font-medium text-primary underline-offset-4 hover:underline">
              {claim.provider.name}
            </Link>
            <Badge variant={claimBadgeVariant[claim.status]}>{CLAIM_STATUS_LABELS[claim.status]}</Badge>
            {claim.kind === 'dispute' ? <Badge variant="outline">Dispute: the profile has an owner</Badge> : null}
          </p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-800">
            <span>
              {claim.claimant.name} · <span className="break-all">{claim.claimant.email}</span>
            </span>
            <Badge variant={claim.claimant.emailVerified ? 'success' : 'warning'}>
              {claim.claimant.emailVerified ? M.emailVerifiedBadge : M.emailNotVerifiedBadge}
            </Badge>
          </p>
          <p className="text-sm text-slate-700">Role: {claim.companyRole}</p>
          {claim.message ? <p className="whitespace-pre-line text-sm text-slate-700">“{claim.message}”</p> : null}
          <p className="text-sm text-muted-foreground">
            Requested {formatDate(claim.requestedAt)}
            {claim.reviewedAt ? ` · Reviewed ${formatDate(claim.reviewedAt)}${claim.reviewedBy ? ` by ${claim.reviewedBy.name}` : ''}` : ''}
          </p>
          {claim.reviewMessage ? <p className="text-sm text-slate-700">Note: {claim.reviewMessage}</p> : null}
          <ClaimChecks claim={claim} />
        </div>
        {claim.status === 'pending' ? (
          <div className="grid max-w-xs justify-items-start gap-2 sm:justify-items-end">
            <div className="flex gap-2">
              {/* The server refuses it too (decision 0337): a claim waits for a verified address. */}
              <Button
                size="sm"
                disabled={!claim.claimant.emailVerified}
                // eslint-disable-next-line no-restricted-syntax -- not a form field: a disabled button points at why it is disabled
                aria-describedby={claim.claimant.emailVerified ? undefined : `unverified-${claim.id}`}
                onClick={() => setDeciding('approved')}
              >
                <Check className="h-4 w-4" aria-hidden /> Approve
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setDeciding('rejected')}>
                <X className="h-4 w-4" aria-hidden /> Reject
              </Button>
            </div>
            {!claim.claimant.emailVerified && (
              <p id={`unverified-${claim.id}`} className="text-xs text-amber-900 sm:text-right">
                {M.claimantNotVerified}
              </p>
            )}
          </div>
        ) : null}
      </div>
      <Dialog
        open={deciding !== null}
        onOpenChange={(open) => !open && setDeciding(null)}
        title={deciding === 'approved' ? 'Approve this claim?' : 'Reject this claim?'}
        description={
          deciding === 'approved'
            ? `${claim.claimant.name} becomes the owner of ${claim.provider.name}. Other pending claims on it are rejected. The claimant is emailed.`
            : `${claim.provider.name} stays as it is. ${claim.claimant.name} is emailed.`
        }
      >
        <div className="grid gap-3">
          <label htmlFor={`note-${claim.id}`} className="text-sm font-medium text-slate-800">
            Note for the claimant (optional)
          </label>
          <Textarea id={`note-${claim.id}`} value={note} maxLength={1000} onChange={(e) => setNote(e.target.value)} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setDeciding(null)}>
              Cancel
            </Button>
            <Button variant={deciding === 'rejected' ? 'destructive' : 'primary'} disabled={review.isPending} onClick={submit}>
              {deciding === 'approved' ? 'Approve' : 'Reject'}
            </Button>
          </div>
        </div>
      </Dialog>
    </li>
  );
}
