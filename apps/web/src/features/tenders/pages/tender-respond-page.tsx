import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileText, Loader2, Trash2, Undo2 } from '../../../components/ui/icons';
import { tenderResponseBody } from '@solar/shared/contracts/tender-lifecycle';
import { TENDER_FILE_ACCEPT, TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { formatUkDateTime } from '@solar/shared/domain/format';
import { tenderOutcome } from '@solar/shared/domain/tenders';
import type { Tender } from '@solar/shared/contracts/tenders';
import { NotFoundCard } from '../../../components/not-found-card';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { FileInput, Input, Textarea } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { sessionKeys, useMe } from '../../../lib/session/get-me';
import { isTenderNotFound, useTender } from '../api/get-tender';
import { useAcceptInvitation } from '../api/accept-tender-invitation';
import { useInvitationPreview } from '../api/preview-tender-invitation';
import { useDeleteAttachment } from '../api/delete-tender-response-attachment';
import { attachmentUrl } from '../api/download-tender-response-attachment';
import { useMyTenderResponses, type MyResponses } from '../api/get-my-tender-responses';
import { useSubmitResponse } from '../api/submit-tender-response';
import { useUploadAttachments } from '../api/upload-tender-response-attachments';
import { useWithdrawResponse } from '../api/withdraw-tender-response';
import { TenderResponsePricingFields, useResponsePricing } from '../components/tender-response-pricing-fields';
import { DeadlineCountdown } from '../components/deadline-countdown';
import { InvitationDeclineCard } from '../components/invitation-decline-card';
import { ResponseReceipts } from '../components/response-receipts';

/** Where a link's token waits, in this tab only, between the landing and sign-up or sign-in. */
const inviteKey = (id: string) => `tender-invite:${id}`;

/**
 * The invitation token (decision 0443): read once from the fragment (`#invite=`; links mailed before
 * had `?invite=`), kept for this tab in sessionStorage, and taken out of the address at once, so no
 * page view, Referer, log or redirect parameter ever carries it.
 */
function useInviteToken(id: string) {
  const [token] = useState<string | null>(() => {
    if (typeof window === 'undefined') return null;
    const fromAddress = /[#&]invite=([\w-]+)/.exec(window.location.hash)?.[1] ?? new URLSearchParams(window.location.search).get('invite');
    try {
      if (fromAddress) window.sessionStorage.setItem(inviteKey(id), fromAddress);
      return fromAddress ?? window.sessionStorage.getItem(inviteKey(id));
    } catch {
      return fromAddress;
    }
  });
  useEffect(() => {
    if (/invite=/.test(window.location.hash) || new URLSearchParams(window.location.search).has('invite')) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);
  const done = () => {
    try {
      window.sessionStorage.removeItem(inviteKey(id));
    } catch {
      // Storage refused: nothing was kept.
    }
  };
  return { token, done };
}

/**
 * The response form (/tender/{id}/respond; docs/product/tenders.md#lifecycle). With an invitation
 * link (decision 0403) a signed-out visitor sees what the tender is, who is buying and when it
 * closes, and is sent to sign up (with the invited address filled in) or sign in and back here; the
 * link is then redeemed for their account and the form opens.
 */
export function TenderRespondPage() {
  const { id = '' } = useParams();
  const { token, done } = useInviteToken(id);
  const me = useMe();
  const client = useQueryClient();
  const accept = useAcceptInvitation();
  const [accepted, setAccepted] = useState(!token);
  const [inviteError, setInviteError] = useState('');
  const started = useRef(false);
  const here = `/tender/${id}/respond`;

  useEffect(() => {
    if (!token || !me.data || started.current) return;
    started.current = true;
    accept.mutate(token, {
      onSuccess: (result) => {
        done();
        setAccepted(true);
        // Redeeming a link mailed to the account's own address confirms it (decision 0440).
        if (result.emailConfirmed && !me.data?.emailVerified) void client.invalidateQueries({ queryKey: sessionKeys.me });
      },
      onError: (err) => setInviteError(err.message),
    });
  }, [token, me.data, accept, client, done]);

  if (me.isPending) return <Page><Skeleton className="h-64 w-full" /></Page>;
  if (!me.data) return <Page>{token ? <InvitationLanding id={id} token={token} here={here} /> : <SignInToRespond here={here} />}</Page>;
  if (inviteError)
    return (
      <Page>
        <Card className="p-6" role="alert">
          <h1 className="text-lg font-semibold text-destructive">{inviteError}</h1>
        </Card>
      </Page>
    );
  if (!accepted) return <Page><Skeleton className="h-64 w-full" /></Page>;
  return <RespondForm id={id} />;
}

function SignInToRespond({ here, intro = 'Please sign in to respond to this tender.', email }: { here: string; intro?: string; email?: string }) {
  return (
    <Card className="space-y-4 p-6">
      <h1 className="text-2xl font-bold">Respond to a tender</h1>
      <p className="text-slate-700">{intro}</p>
      <div className="flex flex-wrap gap-2">
        <Link to={`/register?redirect=${encodeURIComponent(here)}`} state={email ? { email } : undefined} className={buttonClasses('primary', 'md')}>
          Create an account
        </Link>
        <Link to={`/login?redirect=${encodeURIComponent(here)}`} className={buttonClasses('secondary', 'md')}>
          Sign in
        </Link>
      </div>
    </Card>
  );
}

/** The signed-out landing of an invitation link: the tender, its buyer and deadline, then sign-up or sign-in. */
function InvitationLanding({ id, token, here }: { id: string; token: string; here: string }) {
  const preview = useInvitationPreview(id, token);
  if (preview.isPending) return <Skeleton className="h-64 w-full" />;
  if (preview.isError)
    return (
      <Card className="p-6" role="alert">
        <h1 className="text-lg font-semibold text-destructive">{preview.error.message}</h1>
      </Card>
    );
  const p = preview.data;
  return (
    <div className="space-y-4">
      <Card className="space-y-3 p-6">
        <p className="text-sm font-medium text-primary">You have been invited to respond to a tender</p>
        <h1 className="break-words text-2xl font-bold">{p.title}</h1>
        <dl className="grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Buyer</dt>
            <dd className="break-words font-medium text-slate-900">{p.buyer}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Responses close</dt>
            <dd className="font-medium text-slate-900">{formatUkDateTime(p.closingDate)}</dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">Invitation sent to</dt>
            <dd className="break-words font-medium text-slate-900">{p.email}</dd>
          </div>
        </dl>
        {!p.open && (
          <p role="status" className="font-medium text-slate-900">
            {p.cancelled ? M.inviteCancelled : M.inviteClosed}
          </p>
        )}
      </Card>
      {p.open && (
        <SignInToRespond
          here={here}
          email={p.email}
          intro="Create an account (your invited address is filled in) or sign in; you come straight back here to write your response. The link works for one account."
        />
      )}
      {p.open && !p.redeemed && <InvitationDeclineCard tenderId={id} token={token} declinedAt={p.declinedAt} />}
    </div>
  );
}

function Page({ children, id }: { children: React.ReactNode; id?: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6 lg:px-8">
      {id && (
        <Link to={`/tender/${id}`} className="mb-6 inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to the tender
        </Link>
      )}
      {children}
    </div>
  );
}

function RespondForm({ id }: { id: string }) {
  const tender = useTender(id);
  const mine = useMyTenderResponses(id, tender.isSuccess);
  if (tender.isPending || (tender.isSuccess && mine.isPending)) return <Page id={id}><Skeleton className="h-64 w-full" /></Page>;
  if (isTenderNotFound(tender.error))
    return (
      <Page>
        <NotFoundCard title={TENDER_MESSAGES.notFound} links={[{ to: '/explore-tenders', label: 'Back to Tenders' }]} />
      </Page>
    );
  if (tender.isError || mine.isError || !mine.data)
    return (
      <Page id={id}>
        <Card className="p-6 text-destructive" role="alert">
          {TENDER_MESSAGES.loadOneError}
        </Card>
      </Page>
    );
  return (
    <Page id={id}>
      <h1 className="mb-1 text-2xl font-bold">Respond: {tender.data.title}</h1>
      <RespondIntro tender={tender.data} />
      <ResponseEditor id={id} data={mine.data} />
    </Page>
  );
}

/** What the page says first (issue 27 defect 7): the deadline while it is open, else the reader's own outcome. */
function RespondIntro({ tender }: { tender: Tender }) {
  if (tender.stage === 'active' && tender.status === 'open')
    return (
      <p className="mb-6 text-slate-700">
        {tender.closingDate && <DeadlineCountdown closesAt={tender.closingDate} label="Responses close" className="mr-1" />} You can edit yours until then.
      </p>
    );
  const outcome = tenderOutcome(tender);
  return (
    <Card role="status" className={cn('mb-6 p-4', outcome.badge === 'Won' ? 'border-emerald-300 bg-emerald-50' : 'border-slate-300 bg-slate-50')}>
      <p className="font-semibold text-slate-900">{outcome.headline}</p>
      <p className="break-words text-sm text-slate-700">{outcome.detail ?? `Responses closed ${formatUkDateTime(tender.closingDate)}.`}</p>
    </Card>
  );
}

type Draft = { providerId: string; message: string; priceMinimum: string; priceMaximum: string; leadTimeDays: string };

function ResponseEditor({ id, data }: { id: string; data: MyResponses }) {
  const first = data.responses[0];
  const [draft, setDraft] = useState<Draft>({
    providerId: first?.provider.id ?? data.providers[0]?.id ?? '',
    message: first?.message ?? '',
    priceMinimum: first ? String(first.priceMinimum) : '',
    // A single price leaves 'Up to' blank, as it was typed (issue 27 defect 8).
    priceMaximum: first && first.priceMaximum !== first.priceMinimum ? String(first.priceMaximum) : '',
    leadTimeDays: first ? String(first.leadTimeDays) : '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = useSubmitResponse(id);
  const upload = useUploadAttachments(id);
  const removeFile = useDeleteAttachment(id);
  const withdraw = useWithdrawResponse(id);
  const [withdrawOpen, setWithdrawOpen] = useState(false);
  const [withdrawError, setWithdrawError] = useState('');
  const [fileError, setFileError] = useState('');
  /** Files chosen before the first submit: sent with it (issue 27 defect 8). */
  const [pendingFiles, setPendingFiles] = useState<File[]>([]);
  const current = data.responses.find((r) => r.provider.id === draft.providerId);
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  // The pricing schedule's unit prices (issue 27 part B), saved after the response.
  const pricing = useResponsePricing(id, current?.id);

  if (data.refusal)
    return (
      <div className="space-y-6">
        <Card className="space-y-3 p-6" role="status">
          <p className="font-medium text-slate-900">{data.refusal}</p>
          {data.refusal === M.responseNeedsProvider && (
            <div className="flex flex-wrap gap-2">
              <Link to={`/provider-create?redirect=${encodeURIComponent(`/tender/${id}/respond`)}`} className={buttonClasses('primary', 'md')}>
                Create a business profile
              </Link>
              <Link to="/providers" className={buttonClasses('secondary', 'md')}>
                Find and claim your profile
              </Link>
            </div>
          )}
        </Card>
        {data.receipts.length > 0 && <ResponseReceipts receipts={data.receipts} />}
      </div>
    );

  const send = () => {
    const body = {
      ...(data.providers.length > 1 && { providerId: draft.providerId }),
      message: draft.message,
      // As typed ('£495,000', '30 days'): the shared schema reads them; an empty 'Up to' is the price itself.
      priceMinimum: draft.priceMinimum,
      priceMaximum: draft.priceMaximum,
      leadTimeDays: draft.leadTimeDays,
    };
    const parsed = tenderResponseBody.safeParse(body);
    const pricingError = pricing.check();
    if (!parsed.success || pricingError) {
      const next: Record<string, string> = pricingError ? { pricing: pricingError } : {};
      for (const issue of parsed.success ? [] : parsed.error.issues) next[String(issue.path[0] ?? 'form')] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    submit.mutate(parsed.data, {
      onSuccess: (res) => {
        toast({ title: 'Response saved', description: `${res.message} Receipt ${res.receipt.reference}.`, variant: 'success' });
        void pricing.save(res.data.id).catch((err: Error) => setErrors({ pricing: err.message }));
        if (pendingFiles.length > 0) {
          const files = pendingFiles;
          setPendingFiles([]);
          upload.mutate({ responseId: res.data.id, files }, { onError: (err) => setFileError(err.message) });
        }
      },
      onError: (err) => setErrors({ form: err.message }),
    });
  };

  return (
    <div className="space-y-6">
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <Card className="grid gap-5 p-6">
          {data.providers.length > 1 && (
            <Field id="response-provider" label="Responding as" error={errors.providerId}>
              {(control) => (
                <Select {...control} value={draft.providerId} onChange={(e) => set({ providerId: e.target.value })}>
                  {data.providers.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          )}
          <Field id="response-message" label="Your response" error={errors.message} hint="How you would do the work, what is included, and anything the owner should know.">
            {(control) => <Textarea {...control} rows={6} maxLength={5000} value={draft.message} onChange={(e) => set({ message: e.target.value })} />}
          </Field>
          <div className="grid gap-5 sm:grid-cols-3">
            <Field id="response-price-min" label="Price (£)" error={errors.priceMinimum} hint="A single price, or the lower end of a range, such as £495,000.">
              {(control) => <Input {...control} value={draft.priceMinimum} onChange={(e) => set({ priceMinimum: e.target.value })} />}
            </Field>
            <Field id="response-price-max" label="Up to (£, optional)" error={errors.priceMaximum}>
              {(control) => <Input {...control} value={draft.priceMaximum} onChange={(e) => set({ priceMaximum: e.target.value })} />}
            </Field>
            <Field id="response-lead" label="Lead time" error={errors.leadTimeDays} hint="In days or weeks, such as 30 days.">
              {(control) => <Input {...control} value={draft.leadTimeDays} onChange={(e) => set({ leadTimeDays: e.target.value })} />}
            </Field>
          </div>
          <TenderResponsePricingFields pricing={pricing} error={errors.pricing} />
          {!current && (
            <Field id="response-files-new" label="Attachments (optional)" hint="PDF, DOCX, XLSX or images; up to 5 files, 20 MB in all. Sent with your response.">
              {(control) => <FileInput {...control} multiple accept={TENDER_FILE_ACCEPT} onChange={(e) => setPendingFiles([...(e.target.files ?? [])])} />}
            </Field>
          )}
          {errors.form && (
            <p role="alert" className="text-sm text-destructive">
              {errors.form}
            </p>
          )}
          {fileError && !current && (
            <p role="alert" className="text-sm text-destructive">
              {fileError}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {current && (
              <Button variant="ghost" size="lg" onClick={() => setWithdrawOpen(true)}>
                <Undo2 className="h-4 w-4" aria-hidden />
                Withdraw Response
              </Button>
            )}
            <Button type="submit" size="lg" disabled={submit.isPending}>
              {submit.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              {current ? 'Update Response' : 'Submit Response'}
            </Button>
          </div>
        </Card>
      </form>

      {current && (
        <Card className="space-y-3 p-6">
          <h2 className="text-lg font-semibold">Attachments</h2>
          {current.attachments.length > 0 ? (
            <ul className="space-y-1">
              {current.attachments.map((a) => (
                <li key={a.id} className="flex items-center justify-between gap-2">
                  <a href={attachmentUrl(id, current.id, a.id)} className="inline-flex min-w-0 items-center gap-2 text-primary hover:underline">
                    <FileText className="h-4 w-4 shrink-0" aria-hidden />
                    <span className="truncate">{a.filename}</span>
                  </a>
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${a.filename}`}
                    disabled={removeFile.isPending}
                    onClick={() => {
                      setFileError('');
                      removeFile.mutate({ responseId: current.id, attachmentId: a.id }, { onError: (err) => setFileError(err.message) });
                    }}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No attachments yet.</p>
          )}
          <label htmlFor="response-files" className="block text-sm font-medium text-slate-800">
            Attach files (PDF, DOCX, XLSX or images; up to 5 files, 20 MB in all)
          </label>
          <FileInput
            id="response-files"
            multiple
            accept={TENDER_FILE_ACCEPT}
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              e.target.value = '';
              if (files.length === 0) return;
              setFileError('');
              upload.mutate({ responseId: current.id, files }, { onError: (err) => setFileError(err.message) });
            }}
          />
          {fileError && (
            <p role="alert" className="text-sm text-destructive">
              {fileError}
            </p>
          )}
          {current.clarifications.length > 0 && (
            <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
              <h3 className="font-medium text-amber-900">The owner asked for clarification</h3>
              <ul className="mt-1 list-disc pl-5 text-sm text-amber-900">
                {current.clarifications.map((c) => (
                  <li key={c.id}>{c.message}</li>
                ))}
              </ul>
            </div>
          )}
        </Card>
      )}
      {current && (
        <Dialog
          open={withdrawOpen}
          onOpenChange={(o) => {
            setWithdrawOpen(o);
            setWithdrawError('');
          }}
          title="Withdraw your response?"
          description="The owner is told, and your message, prices and attachments are deleted. You can respond again while the tender is open."
        >
          <div className="grid gap-3">
            {withdrawError && (
              <p role="alert" className="text-sm text-destructive">
                {withdrawError}
              </p>
            )}
            <Button
              variant="destructive"
              disabled={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(current.id, {
                  onSuccess: (res) => {
                    setWithdrawOpen(false);
                    setDraft((d) => ({ ...d, message: '', priceMinimum: '', priceMaximum: '', leadTimeDays: '' }));
                    toast({ title: 'Response withdrawn', description: `${res.message} Receipt ${res.receipt.reference}.`, variant: 'success' });
                  },
                  onError: (err) => setWithdrawError(err.message),
                })
              }
            >
              Withdraw Response
            </Button>
          </div>
        </Dialog>
      )}
      <ResponseReceipts receipts={data.receipts} />
    </div>
  );
}
