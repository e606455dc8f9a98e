import { useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { ArrowLeft, BadgeCheck, FileText, Star, Trophy } from '../../../components/ui/icons';
import { TENDER_LIFECYCLE_MESSAGES as M, TENDER_RESPONSE_MESSAGE_MIN } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import type { Tender } from '@solar/shared/contracts/tenders';
import { formatDate, formatGBP, formatUkDateTime } from '@solar/shared/domain/format';
import { formatCount } from '@solar/shared/domain/count';
import { NotFoundCard } from '../../../components/not-found-card';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { isTenderNotFound, useTender } from '../api/get-tender';
import { attachmentUrl } from '../api/download-tender-response-attachment';
import { useTenderResponses, type TenderResponses } from '../api/list-tender-responses';
import { useClarification } from '../api/request-tender-clarification';
import { useShortlist } from '../api/shortlist-tender-response';
import { useTenderEvaluation, type TenderEvaluationAnswer } from '../api/get-tender-evaluation';
import { Select } from '../../../components/ui/select';
import {
  EvaluationSummary,
  RESPONSE_SORTS,
  Ranking,
  StandingFacts,
  TenderEvaluators,
  sortResponses,
  standingOf,
  type ResponseSort,
  type Standing,
} from '../components/tender-evaluation-summary';
import { AwardWithFeedback } from '../components/tender-award-feedback';
import { SealedResponsesCard } from '../components/sealed-responses';

type Response = TenderResponses[number];

const price = (r: Response) =>
  r.priceMinimum === r.priceMaximum
    ? formatGBP(r.priceMinimum)
    : `${formatGBP(r.priceMinimum)} – ${formatGBP(r.priceMaximum)}`;

/**
 * The owner's comparison (/tender/{id}/responses; docs/product/tenders.md#lifecycle): responses
 * side by side with price, lead time, distance to the site, services, the verified badge and the
 * date; shortlist, ask for clarification, award. Anyone else gets the not-found card (the API
 * answers 404).
 */
export function TenderResponsesPage() {
  const { id = '' } = useParams();
  const tender = useTender(id);
  const responses = useTenderResponses(id, tender.isSuccess);
  const [shortlistOnly, setShortlistOnly] = useState(false);
  // Scores, ranks and schedule totals (issue 27 part B): sealed until the closing date by the server.
  const evaluation = useTenderEvaluation(id, tender.isSuccess && responses.isSuccess);
  const [sort, setSort] = useState<ResponseSort>('date');
  const notFound = isTenderNotFound(tender.error) || isTenderNotFound(responses.error);
  // The scores (sealed or not) and the owner's evaluators: shown while responses are sealed too, when
  // the owner invites colleagues to evaluate (issue 27 part B).
  const evaluationCards = tender.data && (
    <div className="mb-4 grid gap-4 lg:grid-cols-2">
      {evaluation.data && <EvaluationSummary tenderId={id} evaluation={evaluation.data} />}
      {evaluation.isError && (
        <Card className="p-5 text-sm text-destructive" role="alert">
          Scores could not be loaded.
        </Card>
      )}
      {evaluation.data?.role === 'owner' && <TenderEvaluators tenderId={id} manage={tender.data.stage === 'active' || tender.data.stage === 'draft'} />}
    </div>
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 lg:px-8">
      <Link
        to={`/tender/${id}`}
        className="mb-6 inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to the tender
      </Link>
      {notFound ? (
        <NotFoundCard title={TENDER_MESSAGES.notFound} links={[{ to: '/explore-tenders', label: 'Back to Tenders' }]} />
      ) : tender.isPending || responses.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : tender.isError || responses.isError ? (
        <Card className="p-6 text-destructive" role="alert">
          {TENDER_MESSAGES.loadOneError}
        </Card>
      ) : responses.data.sealed ? (
        <>
          <h1 className="mb-4 break-words text-2xl font-bold">Responses: {tender.data.title}</h1>
          <div className="mb-4">
            <SealedResponsesCard sealed={responses.data.sealed} onOpened={() => void responses.refetch()} />
          </div>
          {evaluationCards}
        </>
      ) : (
        <>
          <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
            <div className="min-w-0">
              <h1 className="break-words text-2xl font-bold">Responses: {tender.data.title}</h1>
              <p className="text-slate-700">
                {formatCount(responses.data.responses.length, 'response')} · closes {formatUkDateTime(tender.data.closingDate)}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-3">
              <div className="inline-flex items-center gap-2 text-sm">
                <label htmlFor="responses-sort">Sort by</label>
                <Select id="responses-sort" className="w-auto" value={sort} onChange={(e) => setSort(e.target.value as ResponseSort)}>
                  {Object.entries(RESPONSE_SORTS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </Select>
              </div>
              <label className="inline-flex items-center gap-2 text-sm">
                <input type="checkbox" checked={shortlistOnly} onChange={(e) => setShortlistOnly(e.target.checked)} />
                Shortlisted only
              </label>
            </div>
          </div>
          {evaluationCards}
          {tender.data.stage === 'active' && tender.data.status === 'open' && responses.data.responses.length > 0 && (
            <p className="mb-4 text-sm text-slate-700">{M.awardBeforeClosing}</p>
          )}
          {responses.data.responses.length === 0 ? (
            <Card className="p-6 text-slate-700">No responses yet.</Card>
          ) : (
            <div className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
              {sortResponses(
                responses.data.responses.filter((r) => !shortlistOnly || r.shortlisted),
                evaluation.data,
                sort,
              ).map((r) => (
                <ResponseCard
                  key={r.id}
                  tenderId={id}
                  response={r}
                  stage={tender.data.stage}
                  open={tender.data.status === 'open'}
                  evaluation={evaluation.data}
                  standing={standingOf(evaluation.data, r.id)}
                />
              ))}
            </div>
          )}
        </>
      )}
    </div>
  );
}

/**
 * One response. Shortlisting and clarifications are evaluation: offered until the award or a
 * cancellation; the award once responses are closed (issue 27 defect 11; the server refuses both too).
 */
function ResponseCard({
  tenderId,
  response: r,
  stage,
  open,
  evaluation,
  standing,
}: {
  tenderId: string;
  response: Response;
  stage: Tender['stage'];
  open: boolean;
  evaluation?: TenderEvaluationAnswer;
  standing?: Standing;
}) {
  const evaluating = stage === 'active';
  const canAward = evaluating && !open;
  const shortlist = useShortlist(tenderId);
  const [dialog, setDialog] = useState<'clarify' | 'award' | null>(null);
  const [error, setError] = useState('');
  return (
    <Card
      className={`flex min-w-0 flex-col gap-3 p-5 ${r.awarded ? 'border-2 border-emerald-500' : ''}`}
      aria-label={`Response from ${r.provider.name}`}
    >
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="truncate text-lg font-semibold">
            <Link to={`/providers/${r.provider.slug}`} className="hover:underline">
              {r.provider.name}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">{r.provider.location || 'Location not given'}</p>
          <p className="text-xs text-muted-foreground">Listed since {formatDate(r.provider.since)}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          {/* What was verified: the owner's claim, reviewed by the team (issue 27 defect 11); a profile made by its owner is not. */}
          {r.provider.verified && (
            <Badge variant="success" title="The marketplace team reviewed this business's claim to its profile">
              <BadgeCheck className="h-3 w-3" aria-hidden />
              Claim verified
            </Badge>
          )}
          {r.awarded && (
            <Badge variant="success">
              <Trophy className="h-3 w-3" aria-hidden />
              Awarded
            </Badge>
          )}
          {r.shortlisted && <Badge variant="warning">{M.shortlisted}</Badge>}
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Price</dt>
          <dd className="font-semibold text-slate-900">{price(r)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Lead time</dt>
          <dd className="font-semibold text-slate-900">{r.leadTimeDays === 1 ? '1 day' : `${r.leadTimeDays} days`}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Distance to site</dt>
          <dd className="text-slate-900">{r.distanceKm == null ? 'Unknown' : `${r.distanceKm} km`}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Responded</dt>
          <dd className="text-slate-900">{formatDate(r.createdAt)}</dd>
        </div>
      </dl>
      <StandingFacts standing={standing} />
      <p className="text-sm text-slate-700">{r.provider.services.slice(0, 4).join(', ')}</p>
      <p className="whitespace-pre-line break-words text-slate-800">{r.message}</p>
      {r.attachments.length > 0 && (
        <ul className="space-y-1 text-sm">
          {r.attachments.map((a) => (
            <li key={a.id}>
              <a
                href={attachmentUrl(tenderId, r.id, a.id)}
                className="inline-flex max-w-full items-center gap-1 text-primary hover:underline"
              >
                <FileText className="h-4 w-4 shrink-0" aria-hidden />
                <span className="min-w-0 break-all">{a.filename}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-2 pt-2">
        {evaluating && (
          <>
            <Button
              size="sm"
              variant="secondary"
              aria-pressed={r.shortlisted}
              onClick={() =>
                shortlist.mutate(
                  { responseId: r.id, shortlisted: !r.shortlisted },
                  { onError: (err) => setError(err.message) },
                )
              }
            >
              <Star className="h-4 w-4" aria-hidden />
              {r.shortlisted ? 'Remove from shortlist' : 'Shortlist'}
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setDialog('clarify')}>
              Ask to clarify
            </Button>
          </>
        )}
        {canAward && (
          <Button size="sm" onClick={() => setDialog('award')}>
            <Trophy className="h-4 w-4" aria-hidden />
            Award
          </Button>
        )}
      </div>
      <ClarifyDialog tenderId={tenderId} response={r} open={dialog === 'clarify'} onClose={() => setDialog(null)} />
      <Dialog
        open={dialog === 'award'}
        onOpenChange={(o) => !o && setDialog(null)}
        title={`Award the tender to ${r.provider.name}?`}
        description="Every responder is told the outcome. This cannot be undone."
      >
        {evaluation && evaluation.responses.length > 0 && (
          <div className="mb-4 max-h-64 overflow-y-auto">
            <p className="mb-2 text-sm font-medium text-slate-800">The ranking by weighted score</p>
            <Ranking evaluation={evaluation} highlight={r.id} />
          </div>
        )}
        <AwardWithFeedback
          tenderId={tenderId}
          winnerId={r.id}
          onDone={() => setDialog(null)}
          onError={(message) => {
            setDialog(null);
            setError(message);
          }}
        />
      </Dialog>
    </Card>
  );
}

function ClarifyDialog({
  tenderId,
  response,
  open,
  onClose,
}: {
  tenderId: string;
  response: Response;
  open: boolean;
  onClose(): void;
}) {
  const clarify = useClarification(tenderId);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onClose()}
      title={`Ask ${response.provider.name} to clarify`}
      description="It goes into the clarification log, private to them: they are emailed and can reply there, and edit their response until the closing date."
    >
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim().length < TENDER_RESPONSE_MESSAGE_MIN) return setError(M.messageTooShort);
          setError('');
          clarify.mutate(
            { responseId: response.id, message: text },
            {
              onSuccess: (res) => {
                setText('');
                onClose();
                toast({ title: 'Sent', description: res.message ?? M.clarificationSent, variant: 'success' });
              },
              onError: (err) => setError(err.message),
            },
          );
        }}
      >
        <Field id={`clarify-${response.id}`} label="What should they clarify?" error={error}>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={5000}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
          )}
        </Field>
        <Button type="submit" disabled={clarify.isPending}>
          Send
        </Button>
      </form>
    </Dialog>
  );
}
