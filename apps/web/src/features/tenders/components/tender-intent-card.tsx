import { useState } from 'react';
import { CheckCircle2, XCircle } from '../../../components/ui/icons';
import { TENDER_REASON_MIN } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_INTENT_MESSAGES as I } from '@solar/shared/constants/tender-sealed';
import { formatUkDateTime } from '@solar/shared/domain/format';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { isTenderNotFound } from '../api/get-tender';
import { useTenderIntent } from '../api/get-tender-intent';
import { useSetTenderIntent } from '../api/set-tender-intent';

/**
 * "Will you respond?" for an invitee (directory or email) on the tender page (decision 0514): intend
 * to respond, or decline with a reason, and change their mind until the closing time. Shown only
 * to invitees; loading and failures say so in place.
 */
export function TenderIntentCard({ tenderId }: { tenderId: string }) {
  const intent = useTenderIntent(tenderId);
  const save = useSetTenderIntent(tenderId);
  const [declining, setDeclining] = useState(false);
  const [error, setError] = useState('');
  // Nothing while it loads, nor for a tender the page itself cannot show (its 404 is the page's).
  if (intent.isPending || isTenderNotFound(intent.error)) return null;
  if (intent.isError)
    return (
      <Card className="p-4 text-sm text-destructive" role="alert">
        {intent.error.message}
      </Card>
    );
  const data = intent.data;
  if (!data.invited) return null;
  const send = (body: { intent: 'responding' | 'declined'; reason?: string }, done?: () => void) => {
    setError('');
    save.mutate(body, {
      onSuccess: (res) => {
        done?.();
        toast({ title: 'Saved', description: res.message, variant: 'success' });
      },
      onError: (err) => setError(err.message),
    });
  };
  return (
    <Card className="space-y-3 p-6" aria-labelledby="tender-intent-title">
      <h2 id="tender-intent-title" className="text-lg font-semibold">
        {I.title}
      </h2>
      {data.intent === 'responding' ? (
        <p className="flex items-center gap-2 text-slate-800">
          <CheckCircle2 className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden />
          {I.responding}
        </p>
      ) : data.intent === 'declined' ? (
        <div className="space-y-1">
          <p className="flex items-center gap-2 text-slate-800">
            <XCircle className="h-4 w-4 shrink-0 text-slate-600" aria-hidden />
            {I.declined}
          </p>
          {data.reason && <p className="break-words text-sm text-slate-700">Your reason: {data.reason}</p>}
        </div>
      ) : (
        <p className="text-sm text-slate-700">{I.hint}</p>
      )}
      {data.updatedAt && <p className="text-xs text-muted-foreground">Last changed {formatUkDateTime(data.updatedAt)}</p>}
      {data.open ? (
        <div className="flex flex-wrap gap-2">
          {data.intent !== 'responding' && (
            <Button size="md" disabled={save.isPending} onClick={() => send({ intent: 'responding' })}>
              {data.intent === 'declined' ? I.undoDecline : I.intendButton}
            </Button>
          )}
          {data.intent !== 'declined' && (
            <Button size="md" variant="secondary" disabled={save.isPending} onClick={() => setDeclining(true)}>
              {I.declineButton}
            </Button>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">{I.closed}</p>
      )}
      {error && !declining && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <DeclineDialog open={declining} onClose={() => setDeclining(false)} pending={save.isPending} error={error} onSubmit={(reason) => send({ intent: 'declined', reason }, () => setDeclining(false))} />
    </Card>
  );
}

function DeclineDialog(props: { open: boolean; onClose(): void; pending: boolean; error: string; onSubmit(reason: string): void }) {
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState('');
  return (
    <Dialog open={props.open} onOpenChange={(o) => !o && props.onClose()} title={I.declineTitle} description={I.declineDescription}>
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim().length < TENDER_REASON_MIN) return setLocal(I.declineReasonRequired);
          setLocal('');
          props.onSubmit(reason.trim());
        }}
      >
        <Field id="decline-reason" label={I.declineReasonLabel} error={local || props.error}>
          {(control) => <Textarea {...control} rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <Button type="submit" variant="destructive" disabled={props.pending}>
          {I.declineButton}
        </Button>
      </form>
    </Dialog>
  );
}
