import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Link } from '../../../components/ui/link';
import { BarChart3, CalendarPlus, Lock, Mail, Pencil, Rocket, XCircle } from '../../../components/ui/icons';
import type { Tender } from '@solar/shared/contracts/tenders';
import { TENDER_LIFECYCLE_MESSAGES as M, TENDER_REASON_MIN } from '@solar/shared/constants/tender-lifecycle';
import { fromUkDateTimeInput, toUkDateTimeInput } from '@solar/shared/domain/format';
import { tenderOutcome } from '@solar/shared/domain/tenders';
import { parseEmails } from '../state/tender-form';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input, Textarea } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { useCancelTender } from '../api/cancel-tender';
import { useCloseTenderEarly } from '../api/close-tender-early';
import { useExtendTender } from '../api/extend-tender';
import { useInviteEmails } from '../api/invite-tender-emails';
import { usePublishTender } from '../api/publish-tender';
import { useTenderEmailInvitations } from '../api/list-tender-email-invitations';
import { CloseEarlyDialog } from './close-early-dialog';
import { DeadlineCountdown } from './deadline-countdown';

const STAGE_LABELS: Record<Tender['stage'], string> = { draft: 'Draft', active: 'Published', awarded: 'Awarded', cancelled: 'Cancelled' };

/**
 * The owner's panel on the tender page (docs/product/tenders.md#lifecycle; decision 0401), in
 * place of Contact and Save (decision 0407): the stage, the closing date and the actions.
 */
export function TenderOwnerPanel({ tender }: { tender: Tender }) {
  return (
    <Card className="space-y-4 border-primary/30 p-6" aria-labelledby="owner-panel-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="owner-panel-title" className="text-lg font-semibold">
          Manage your tender
        </h2>
        <Badge variant={tender.stage === 'active' ? 'success' : tender.stage === 'draft' ? 'warning' : 'secondary'}>{STAGE_LABELS[tender.stage]}</Badge>
      </div>
      {tender.stage === 'cancelled' && tender.cancelReason && <p className="text-sm text-slate-700">Cancelled: {tender.cancelReason}</p>}
      {(tender.stage === 'awarded' || (tender.stage === 'active' && tender.status !== 'open')) && <p className="font-medium text-slate-900">{tenderOutcome(tender).headline}</p>}
      {tender.stage !== 'draft' && tender.closingDate && (
        <p className="text-sm text-slate-700">
          <DeadlineCountdown closesAt={tender.closingDate} />
        </p>
      )}
      <TenderOwnerActions tender={tender} />
    </Card>
  );
}

/**
 * The owner's actions, on the tender page and on each 'My Tenders' row of the dashboard (decision
 * 0407): publish a draft, compare responses, edit, extend, close early, invite by email, cancel
 * with a reason. Each action's result and error show where it was taken. On a row (`responseCount`
 * given) the buttons are small and the responses link carries the count.
 */
export function TenderOwnerActions({ tender, responseCount }: { tender: Tender; responseCount?: number }) {
  const publish = usePublishTender(tender.id);
  const close = useCloseTenderEarly(tender.id);
  const extend = useExtendTender(tender.id);
  const cancel = useCancelTender(tender.id);
  const pending = [publish, close, extend, cancel].some((m) => m.isPending);
  const [dialog, setDialog] = useState<'extend' | 'close' | 'cancel' | 'invite' | null>(null);
  const [error, setError] = useState('');
  const row = responseCount !== undefined;
  const size = row ? 'sm' : 'md';
  const live = tender.stage === 'active';
  const open = live && tender.status === 'open';
  // The promise, not mutate's own callbacks: those never run once the row has unmounted, and a
  // published draft's row is replaced when the refreshed lists arrive (before the answer's toast).
  const run = <V,>(mutation: Pick<UseMutationResult<{ message: string }, Error, V>, 'mutateAsync'>, vars: V) => {
    setError('');
    mutation.mutateAsync(vars).then(
      (res) => {
        toast({ title: 'Done', description: res.message, variant: 'success' });
        setDialog(null);
      },
      (err: Error) => setError(err.message),
    );
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label={row ? `Manage ${tender.title}` : 'Tender actions'}>
        {tender.stage === 'draft' && (
          <Button size={size} onClick={() => run(publish, undefined)} disabled={pending}>
            <Rocket className="h-4 w-4" aria-hidden />
            Publish Tender
          </Button>
        )}
        {tender.stage !== 'draft' && (
          <Link to={`/tender/${tender.id}/responses`} className={buttonClasses(row ? 'secondary' : 'primary', size)}>
            <BarChart3 className="h-4 w-4" aria-hidden />
            {row ? `View Responses (${responseCount})` : 'Compare Responses'}
          </Link>
        )}
        {(tender.stage === 'draft' || live) && (
          <Link to={`/tender/${tender.id}/edit`} className={buttonClasses('secondary', size)}>
            <Pencil className="h-4 w-4" aria-hidden />
            {row ? 'Edit' : tender.stage === 'draft' ? 'Edit Draft' : 'Edit Tender'}
          </Link>
        )}
        {live && (
          <Button size={size} variant="secondary" onClick={() => setDialog('extend')}>
            <CalendarPlus className="h-4 w-4" aria-hidden />
            {row ? 'Extend' : 'Extend Closing Date'}
          </Button>
        )}
        {open && (
          <Button size={size} variant="secondary" onClick={() => setDialog('close')} disabled={pending}>
            <Lock className="h-4 w-4" aria-hidden />
            Close Early
          </Button>
        )}
        {!row && (tender.stage === 'draft' || open) && (
          <Button size={size} variant="secondary" onClick={() => setDialog('invite')}>
            <Mail className="h-4 w-4" aria-hidden />
            Invite by Email
          </Button>
        )}
        {(tender.stage === 'draft' || live) && (
          <Button size={size} variant="ghost" onClick={() => setDialog('cancel')}>
            <XCircle className="h-4 w-4" aria-hidden />
            Cancel Tender
          </Button>
        )}
      </div>
      {error && !dialog && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <ExtendDialog open={dialog === 'extend'} onClose={() => setDialog(null)} current={tender.closingDate} pending={pending} error={error} onSubmit={(closingDate) => run(extend, closingDate)} />
      <CloseEarlyDialog open={dialog === 'close'} onClose={() => setDialog(null)} pending={pending} error={error} onSubmit={(reason) => run(close, reason)} />
      <CancelDialog open={dialog === 'cancel'} onClose={() => setDialog(null)} pending={pending} error={error} onSubmit={(reason) => run(cancel, reason)} />
      {!row && <InviteDialog tenderId={tender.id} open={dialog === 'invite'} onClose={() => setDialog(null)} />}
    </div>
  );
}

function ExtendDialog(props: { open: boolean; onClose(): void; current: string | null; pending: boolean; error: string; onSubmit(iso: string): void }) {
  const [value, setValue] = useState(toUkDateTimeInput(props.current));
  const [local, setLocal] = useState('');
  return (
    <Dialog open={props.open} onOpenChange={(o) => !o && props.onClose()} title="Extend the closing date" description="Invitees and responders are told the new date.">
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const iso = fromUkDateTimeInput(value);
          if (!iso || new Date(iso).getTime() <= Date.now()) return setLocal(M.closingInPast);
          if (props.current && new Date(iso).getTime() <= new Date(props.current).getTime()) return setLocal(M.extendNotLater);
          setLocal('');
          props.onSubmit(iso);
        }}
      >
        <Field id="extend-closing" label="New closing date and time (UK time)" hint="UK time (London), whatever your device's time zone." error={local || props.error}>
          {(control) => <Input {...control} type="datetime-local" value={value} onChange={(e) => setValue(e.target.value)} />}
        </Field>
        <Button type="submit" disabled={props.pending}>
          Extend
        </Button>
      </form>
    </Dialog>
  );
}

function CancelDialog(props: { open: boolean; onClose(): void; pending: boolean; error: string; onSubmit(reason: string): void }) {
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState('');
  return (
    <Dialog open={props.open} onOpenChange={(o) => !o && props.onClose()} title="Cancel this tender" description="Everyone taking part (invitees, responders and those who asked) is sent your reason; the public sees only that it was cancelled. This cannot be undone.">
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim().length < TENDER_REASON_MIN) return setLocal(M.reasonRequired);
          setLocal('');
          props.onSubmit(reason);
        }}
      >
        <Field id="cancel-reason" label="Reason" error={local || props.error}>
          {(control) => <Textarea {...control} rows={3} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </Field>
        <Button type="submit" variant="destructive" disabled={props.pending}>
          Cancel Tender
        </Button>
      </form>
    </Dialog>
  );
}

function InviteDialog({ tenderId, open, onClose }: { tenderId: string; open: boolean; onClose(): void }) {
  const invite = useInviteEmails(tenderId);
  const list = useTenderEmailInvitations(tenderId, open);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()} title="Invite by email" description="Each address gets a link to this tender that works for one account, after sign-up or sign-in.">
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          const { emails, invalid } = parseEmails(text);
          if (invalid) return setError(`Please enter a valid email address: ${invalid}`);
          if (emails.length === 0) return setError('Enter at least one email address');
          setError('');
          invite.mutate(emails, {
            onSuccess: (res) => {
              setText('');
              toast({ title: 'Invitations sent', description: res.message, variant: 'success' });
            },
            onError: (err) => setError(err.message),
          });
        }}
      >
        <Field id="invite-emails" label="Email addresses" hint="One per line, or separated by commas." error={error}>
          {(control) => <Textarea {...control} rows={3} value={text} onChange={(e) => setText(e.target.value)} />}
        </Field>
        <Button type="submit" disabled={invite.isPending}>
          Send Invitations
        </Button>
      </form>
      {list.data && list.data.length > 0 && (
        <ul className="mt-4 space-y-1 text-sm">
          {list.data.map((i) => (
            <li key={i.id} className="flex justify-between gap-2">
              <span className="truncate">{i.email}</span>
              <span className="text-muted-foreground">{i.responded ? 'Responded' : i.accepted ? 'Link used' : 'Invited'}</span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
