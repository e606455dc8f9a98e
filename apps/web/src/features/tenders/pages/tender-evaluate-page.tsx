import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Link } from '../../../components/ui/link';
import { ArrowLeft, FileText, Loader2, ShieldCheck } from '../../../components/ui/icons';
import {
  TENDER_EVALUATION_MESSAGES as M,
  TENDER_NO_CONFLICT_STATEMENT,
  TENDER_SCORE_COMMENT_MAX,
  TENDER_SCORE_MAX,
} from '@solar/shared/constants/tender-evaluation';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { formatGBP, formatUkDateTime } from '@solar/shared/domain/format';
import { penceToPounds } from '@solar/shared/domain/tender-pricing';
import { NotFoundCard } from '../../../components/not-found-card';
import { RequireAuth } from '../../../components/require-auth';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { toast } from '../../../components/ui/toast-store';
import { isTenderNotFound } from '../api/get-tender';
import { attachmentUrl } from '../api/download-tender-response-attachment';
import { useDeclareTenderInterest } from '../api/declare-tender-interest';
import { useTenderEvaluation, type TenderEvaluationAnswer } from '../api/get-tender-evaluation';
import { useTenderPricingSchedule } from '../api/get-tender-pricing-schedule';
import { useScoreTenderResponse } from '../api/score-tender-response';

type Evaluation = TenderEvaluationAnswer;
type Evaluated = Evaluation['responses'][number];

/**
 * The scoring sheet, /tender/{id}/evaluate (issue 27 part B; decisions 0519, 0520): an evaluator
 * first declares any conflict of interest; after the closing date by the server's clock the owner
 * and declared evaluators score each response per criterion, 0–10 with a comment. The owner also
 * sees the averages and the weighted total; an evaluator only their own scores.
 */
export function TenderEvaluatePage() {
  const { id = '' } = useParams();
  return (
    <RequireAuth redirectTo="/login">
      <div className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
        <Link to={`/tender/${id}`} className="mb-6 inline-flex items-center gap-2 text-sm font-medium text-primary hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to the tender
        </Link>
        <Sheet id={id} />
      </div>
    </RequireAuth>
  );
}

function Sheet({ id }: { id: string }) {
  const evaluation = useTenderEvaluation(id);
  if (isTenderNotFound(evaluation.error)) return <NotFoundCard title={TENDER_MESSAGES.notFound} links={[{ to: '/dashboard?tab=tenders', label: 'Back to your tenders' }]} />;
  if (evaluation.isPending) return <Skeleton className="h-64 w-full" />;
  if (evaluation.isError)
    return (
      <Card className="grid gap-3 p-6" role="alert">
        <p className="text-destructive">{TENDER_MESSAGES.loadOneError}</p>
        <div>
          <Button variant="secondary" onClick={() => void evaluation.refetch()}>
            Retry
          </Button>
        </div>
      </Card>
    );
  const e = evaluation.data;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="break-words text-2xl font-bold">Scoring: {e.title}</h1>
        <p className="text-slate-700">
          {e.role === 'evaluator' ? 'You are an evaluator' : e.role === 'owner' ? 'You own this tender' : 'Read only (admin)'} · {e.phase === 'sealed' ? 'responses close' : 'responses closed'}{' '}
          {formatUkDateTime(e.closingDate)}
        </p>
      </div>
      {e.role === 'evaluator' && e.declaration === 'pending' ? (
        <Declaration id={id} closingDate={e.closingDate} />
      ) : e.phase === 'sealed' ? (
        <Card className="p-6 text-slate-800" role="status">
          {M.scoringSealed} It closes on {formatUkDateTime(e.closingDate)}.
        </Card>
      ) : e.criteria.length === 0 ? (
        <Card className="p-6 text-slate-800" role="status">
          {M.noCriteria}
        </Card>
      ) : e.responses.length === 0 ? (
        <Card className="p-6 text-slate-800" role="status">
          No responses arrived before the closing date.
        </Card>
      ) : (
        <>
          {e.phase === 'final' && (
            <p className="text-sm text-slate-700" role="status">
              {M.scoringFinal}
            </p>
          )}
          {e.responses.map((r) => (
            <ResponseScores key={r.id} id={id} evaluation={e} response={r} />
          ))}
        </>
      )}
    </div>
  );
}

/** The evaluator's declaration (decision 0520): the statement ticked, or a conflict with what it is. */
function Declaration({ id, closingDate }: { id: string; closingDate: string | null }) {
  const declare = useDeclareTenderInterest(id);
  const navigate = useNavigate();
  const [ticked, setTicked] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  return (
    <Card className="grid gap-4 p-6" role="region" aria-labelledby="declaration-heading">
      <h2 id="declaration-heading" className="flex items-center gap-2 text-lg font-semibold">
        <ShieldCheck className="h-5 w-5 text-primary" aria-hidden />
        Conflict of interest declaration
      </h2>
      <p className="text-slate-800">
        Before you see any response, declare whether you have a conflict of interest with the organisations responding. Responses open to you after the closing date, {formatUkDateTime(closingDate)}.
      </p>
      <form
        noValidate
        className="grid gap-4"
        onSubmit={(ev) => {
          ev.preventDefault();
          if (conflict && reason.trim().length < 10) return setError(M.conflictReasonRequired);
          if (!conflict && !ticked) return setError(M.declarationRequired);
          setError('');
          declare.mutate(conflict ? { decision: 'conflict', reason } : { decision: 'no-conflict', statementAccepted: true }, {
            onSuccess: (res) => {
              toast({ title: 'Declaration recorded', description: res.message, variant: 'success' });
              if (conflict) void navigate('/dashboard?tab=tenders');
            },
            onError: (err) => setError(err.message),
          });
        }}
      >
        <fieldset className="grid gap-3">
          <legend className="sr-only">Your declaration</legend>
          <label className="flex items-start gap-3">
            <input type="radio" name="declaration" className="mt-1" checked={!conflict} onChange={() => setConflict(false)} />
            <span>I have no conflict of interest</span>
          </label>
          {!conflict && (
            <label className="ml-7 flex items-start gap-3 rounded-md border border-border bg-muted/40 p-3 text-sm text-slate-800">
              <input type="checkbox" className="mt-1" checked={ticked} onChange={(ev) => setTicked(ev.target.checked)} />
              <span>{TENDER_NO_CONFLICT_STATEMENT}</span>
            </label>
          )}
          <label className="flex items-start gap-3">
            <input type="radio" name="declaration" className="mt-1" checked={conflict} onChange={() => setConflict(true)} />
            <span>I have a conflict of interest: I will not see or score the responses</span>
          </label>
          {conflict && (
            <Field id="conflict-reason" label="What is the conflict?" className="ml-7">
              {(control) => <Textarea {...control} rows={3} maxLength={1000} value={reason} onChange={(ev) => setReason(ev.target.value)} />}
            </Field>
          )}
        </fieldset>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <div>
          <Button type="submit" disabled={declare.isPending}>
            {declare.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
            {conflict ? 'Declare a conflict' : 'Make the declaration'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

const money = (pence: number | null) => (pence == null ? '—' : formatGBP(penceToPounds(pence)));

/** One response with the caller's score and comment per criterion. */
function ResponseScores({ id, evaluation, response: r }: { id: string; evaluation: Evaluation; response: Evaluated }) {
  const schedule = useTenderPricingSchedule(id);
  const score = useScoreTenderResponse(id);
  const editable = evaluation.phase === 'scoring' && evaluation.role !== 'admin';
  const [cells, setCells] = useState<Record<string, { score: string; comment: string }>>(() =>
    Object.fromEntries(r.myScores.map((s) => [s.criterionId, { score: String(s.score), comment: s.comment ?? '' }])),
  );
  const [error, setError] = useState('');
  const cell = (criterionId: string) => cells[criterionId] ?? { score: '', comment: '' };
  const set = (criterionId: string, changes: Partial<{ score: string; comment: string }>) => setCells((c) => ({ ...c, [criterionId]: { ...cell(criterionId), ...changes } }));
  const items = new Map((schedule.data?.items ?? []).map((i) => [i.id, i]));
  const manager = evaluation.role !== 'evaluator';
  return (
    <Card className="grid gap-4 p-5" role="region" aria-label={`Response from ${r.provider.name}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold">{r.provider.name}</h2>
        {manager && (
          <p className="text-sm text-slate-800">
            {r.total == null ? 'Not fully scored' : `${r.total} / 100`}
            {r.rank != null && ` · rank ${r.rank}`}
          </p>
        )}
      </div>
      <p className="whitespace-pre-line break-words text-slate-800">{r.message}</p>
      <p className="text-sm text-slate-700">
        Price {r.priceMinimum === r.priceMaximum ? formatGBP(r.priceMinimum) : `${formatGBP(r.priceMinimum)} – ${formatGBP(r.priceMaximum)}`} · lead time {r.leadTimeDays === 1 ? '1 day' : `${r.leadTimeDays} days`}
      </p>
      {r.pricing.lines.length > 0 && (
        <div>
          <h3 className="mb-1 font-semibold">Pricing schedule</h3>
          <ul className="grid gap-1 text-sm">
            {r.pricing.lines.map((line) => {
              const item = items.get(line.itemId);
              return (
                <li key={line.itemId} className="flex flex-wrap justify-between gap-x-3 border-b border-border py-1 last:border-0">
                  <span className="min-w-0 break-words">
                    {item ? `${item.description} (${item.quantity} × ${item.unit})` : 'Line'}
                    {item?.optional && <span className="ml-1 text-amber-800">optional</span>}
                  </span>
                  <span>
                    {money(line.unitPricePence)} each · {money(line.lineTotalPence)}
                  </span>
                </li>
              );
            })}
          </ul>
          <p className="mt-1 text-right text-sm font-semibold">
            Total {money(r.pricing.totalPence)}
            {r.pricing.optionalPence > 0 && ` · optional extras ${money(r.pricing.optionalPence)}`}
          </p>
        </div>
      )}
      {r.attachments.length > 0 && (
        <div>
          <h3 className="mb-1 font-semibold">Attachments</h3>
          <ul className="space-y-1 text-sm">
            {r.attachments.map((a) => (
              <li key={a.id}>
                <a href={attachmentUrl(id, r.id, a.id)} className="inline-flex max-w-full items-center gap-1 text-primary hover:underline">
                  <FileText className="h-4 w-4 shrink-0" aria-hidden />
                  <span className="min-w-0 break-all">{a.filename}</span>
                  <span className="sr-only"> from {r.provider.name}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form
        noValidate
        className="grid gap-3"
        onSubmit={(ev) => {
          ev.preventDefault();
          const scores = evaluation.criteria
            .filter((c) => cell(c.id).score !== '')
            .map((c) => ({ criterionId: c.id, score: Number(cell(c.id).score), comment: cell(c.id).comment }));
          if (scores.length === 0) return setError(M.scoreWhole);
          setError('');
          score.mutate(
            { responseId: r.id, body: { scores } },
            { onSuccess: (res) => toast({ title: 'Scores saved', description: res.message ?? M.scoresSaved, variant: 'success' }), onError: (err) => setError(err.message) },
          );
        }}
      >
        <h3 className="font-semibold">{manager ? 'Your scores' : 'Your scores (others cannot see them)'}</h3>
        {evaluation.criteria.map((c) => (
          <div key={c.id} className="grid gap-2 rounded-md border border-border p-3 sm:grid-cols-[12rem_8rem_minmax(0,1fr)] sm:items-start">
            <p className="break-words font-medium text-slate-900">
              {c.name} <span className="font-normal text-slate-700">({c.weight}%)</span>
              {manager && r.averages[c.id] != null && <span className="block text-sm font-normal text-slate-700">Average {r.averages[c.id]}</span>}
            </p>
            <div>
              <label htmlFor={`score-${r.id}-${c.id}`} className="sr-only">{`Score for ${c.name}, 0 to ${TENDER_SCORE_MAX}`}</label>
              <Select id={`score-${r.id}-${c.id}`} value={cell(c.id).score} disabled={!editable} onChange={(ev) => set(c.id, { score: ev.target.value })}>
                <option value="">Not scored</option>
                {Array.from({ length: TENDER_SCORE_MAX + 1 }, (_, n) => (
                  <option key={n} value={n}>
                    {n} / {TENDER_SCORE_MAX}
                  </option>
                ))}
              </Select>
            </div>
            <div>
              <label htmlFor={`comment-${r.id}-${c.id}`} className="sr-only">{`Comment on ${c.name}`}</label>
              <Textarea
                id={`comment-${r.id}-${c.id}`}
                className="min-h-16"
                rows={2}
                maxLength={TENDER_SCORE_COMMENT_MAX}
                placeholder="Why this score"
                value={cell(c.id).comment}
                disabled={!editable}
                onChange={(ev) => set(c.id, { comment: ev.target.value })}
              />
            </div>
          </div>
        ))}
        {manager && r.sheets.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer text-primary">Every evaluator’s scores ({r.sheets.length})</summary>
            <ul className="mt-2 grid gap-2">
              {r.sheets.map((sheet) => (
                <li key={sheet.evaluator}>
                  <p className="font-medium">{sheet.evaluator}</p>
                  <ul className="ml-4 list-disc">
                    {sheet.scores.map((s) => (
                      <li key={s.criterionId} className="break-words">
                        {evaluation.criteria.find((c) => c.id === s.criterionId)?.name}: {s.score}
                        {s.comment && ` — ${s.comment}`}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          </details>
        )}
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        {editable && (
          <div>
            <Button type="submit" disabled={score.isPending}>
              {score.isPending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              Save scores
            </Button>
          </div>
        )}
      </form>
    </Card>
  );
}
