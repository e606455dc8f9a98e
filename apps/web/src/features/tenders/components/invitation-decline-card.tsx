import { useState } from 'react';
import { Loader2 } from '../../../components/ui/icons';
import { TENDER_REASON_MAX, TENDER_REASON_MIN } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_INTENT_MESSAGES as I } from '@solar/shared/constants/tender-sealed';
import { formatUkDateTime } from '@solar/shared/domain/format';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { useDeclineInvitation } from '../api/decline-tender-invitation';

/**
 * On an invitation link's signed-out landing (decision 0558): an address invited by email declines
 * with a reason, without an account; the link is the authority and declines once. Once declined,
 * the landing says when (the invitee can still create an account and respond).
 */
export function InvitationDeclineCard({ tenderId, token, declinedAt }: { tenderId: string; token: string; declinedAt: string | null }) {
  const decline = useDeclineInvitation(tenderId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  if (declinedAt)
    return (
      <Card className="p-6" role="status">
        <p className="font-medium text-slate-900">
          {I.declined} ({formatUkDateTime(declinedAt)})
        </p>
        <p className="text-sm text-slate-700">To change your mind, create an account or sign in above, then respond.</p>
      </Card>
    );
  return (
    <Card className="grid gap-3 p-6" role="region" aria-labelledby="link-decline-title">
      <h2 id="link-decline-title" className="text-lg font-semibold">
        {I.linkDeclineTitle}
      </h2>
      <p className="text-sm text-slate-700">{I.linkDeclineHint}</p>
      {!open ? (
        <div>
          <Button type="button" variant="secondary" onClick={() => setOpen(true)}>
            {I.declineButton}
          </Button>
        </div>
      ) : (
        <form
          noValidate
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (reason.trim().length < TENDER_REASON_MIN) return setError(I.declineReasonRequired);
            setError('');
            decline.mutate({ token, reason: reason.trim() }, { onError: (err) => setError(err.message) });
          }}
        >
          <Field id="link-decline-reason" label={I.declineReasonLabel} error={error}>
            {(control) => <Textarea {...control} rows={3} maxLength={TENDER_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={decline.isPending}>
              {decline.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              Decline the invitation
            </Button>
            <Button type="button" variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
