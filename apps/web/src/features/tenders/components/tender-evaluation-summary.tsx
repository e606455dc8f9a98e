import { useState } from 'react';
import { Link } from '../../../components/ui/link';
import { ClipboardCheck, Trash2, UserPlus } from '../../../components/ui/icons';
import { TENDER_DECLARATION_LABELS, TENDER_EVALUATION_MESSAGES as M } from '@solar/shared/constants/tender-evaluation';
import { formatGBP, formatUkDateTime } from '@solar/shared/domain/format';
import { penceToPounds } from '@solar/shared/domain/tender-pricing';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import type { TenderEvaluationAnswer } from '../api/get-tender-evaluation';
import { useInviteTenderEvaluator } from '../api/invite-tender-evaluator';
import { useTenderEvaluators } from '../api/list-tender-evaluators';
import { useRemoveTenderEvaluator } from '../api/remove-tender-evaluator';

/**
 * Compare Responses' evaluation parts (issue 27 part B): the ranking by weighted score with each
 * response's schedule total (decisions 0519, 0521), the owner's evaluators and their declarations
 * (decision 0520), and the ranking again in the award dialog.
 */

type Evaluation = TenderEvaluationAnswer;
export type Standing = Evaluation['responses'][number];

const money = (pence: number | null) => (pence == null ? 'Not priced' : formatGBP(penceToPounds(pence)));
const score = (total: number | null) => (total == null ? 'Not fully scored' : `${total} / 100`);

/** The standing of one response, when the sheet is open. */
export const standingOf = (evaluation: Evaluation | undefined, responseId: string) => evaluation?.responses.find((r) => r.id === responseId);

export const RESPONSE_SORTS = { date: 'Response date', rank: 'Score, best first', price: 'Schedule total, lowest first' } as const;
export type ResponseSort = keyof typeof RESPONSE_SORTS;

/** Responses in the chosen order; those without a score or total go last, in response order. */
export function sortResponses<T extends { id: string }>(responses: T[], evaluation: Evaluation | undefined, sort: ResponseSort): T[] {
  if (sort === 'date' || !evaluation) return responses;
  const key = (r: T) => {
    const s = standingOf(evaluation, r.id);
    const value = sort === 'rank' ? s?.rank : s?.pricing.totalPence;
    return value ?? Number.POSITIVE_INFINITY;
  };
  return responses.map((r, i) => ({ r, i })).sort((a, b) => key(a.r) - key(b.r) || a.i - b.i).map(({ r }) => r);
}

export function EvaluationSummary({ tenderId, evaluation }: { tenderId: string; evaluation: Evaluation }) {
  const scoreLink = (
    <Link to={`/tender/${tenderId}/evaluate`} className={buttonClasses('secondary', 'md')}>
      <ClipboardCheck className="h-4 w-4" aria-hidden />
      {evaluation.phase === 'scoring' ? 'Score responses' : 'Open the scoring sheet'}
    </Link>
  );
  if (evaluation.phase === 'sealed') {
    return (
      <Card className="flex flex-wrap items-center justify-between gap-3 p-5" role="status">
        <p className="text-slate-800">
          Scores and priced schedules are sealed until the closing date, {formatUkDateTime(evaluation.closingDate)}. Scoring starts then.
        </p>
        {evaluation.role === 'owner' && scoreLink}
      </Card>
    );
  }
  return (
    <Card className="grid gap-3 p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">Ranking</h2>
        {evaluation.role === 'owner' && evaluation.phase === 'scoring' && scoreLink}
      </div>
      {evaluation.criteria.length === 0 ? (
        <p className="text-sm text-slate-700">{M.noCriteria}</p>
      ) : (
        <p className="text-sm text-slate-700">
          Weighted by {evaluation.criteria.map((c) => `${c.name} ${c.weight}%`).join(', ')}; each criterion’s score is the average of the evaluators who scored it ({evaluation.scorers} so far).
        </p>
      )}
      {evaluation.responses.length === 0 ? (
        <p className="text-sm text-slate-700">No responses to rank.</p>
      ) : (
        <Ranking evaluation={evaluation} />
      )}
    </Card>
  );
}

/** The ranking as a list (reads at 390 px without a wide table). */
export function Ranking({ evaluation, highlight }: { evaluation: Evaluation; highlight?: string }) {
  return (
    <ol className="grid gap-2" aria-label="Ranking by weighted score">
      {evaluation.responses.map((r) => (
        <li key={r.id} className={`flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1 rounded-md border p-2 ${r.id === highlight ? 'border-primary bg-primary/5' : 'border-border'}`}>
          <span className="min-w-0 break-words font-medium text-slate-900">
            {r.rank == null ? '–' : `${r.rank}.`} {r.provider.name}
          </span>
          <span className="text-sm text-slate-800">
            {score(r.total)} · {money(r.pricing.totalPence)}
            {r.pricing.optionalPence > 0 && ` (+ ${money(r.pricing.optionalPence)} optional)`}
          </span>
        </li>
      ))}
    </ol>
  );
}

/** One response's score and schedule on its card. */
export function StandingFacts({ standing }: { standing: Standing | undefined }) {
  if (!standing) return null;
  return (
    <dl className="grid grid-cols-2 gap-2 rounded-md bg-muted/60 p-2 text-sm">
      <div>
        <dt className="text-muted-foreground">Score</dt>
        <dd className="font-semibold text-slate-900">
          {score(standing.total)}
          {standing.rank != null && ` · rank ${standing.rank}`}
        </dd>
      </div>
      <div>
        <dt className="text-muted-foreground">Schedule total</dt>
        <dd className="font-semibold text-slate-900">{money(standing.pricing.totalPence)}</dd>
      </div>
      {standing.pricing.optionalPence > 0 && (
        <div className="col-span-2">
          <dt className="text-muted-foreground">Optional extras (apart from the total)</dt>
          <dd className="text-slate-900">{money(standing.pricing.optionalPence)}</dd>
        </div>
      )}
    </dl>
  );
}

/** The owner's evaluators: invite a colleague by email, see each declaration, remove one until the award. */
export function TenderEvaluators({ tenderId, manage }: { tenderId: string; manage: boolean }) {
  const evaluators = useTenderEvaluators(tenderId);
  const invite = useInviteTenderEvaluator(tenderId);
  const remove = useRemoveTenderEvaluator(tenderId);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  return (
    <Card className="grid gap-3 p-5" role="region" aria-labelledby="evaluators-heading">
      <div>
        <h2 id="evaluators-heading" className="text-lg font-semibold">
          Evaluators
        </h2>
        <p className="text-sm text-slate-700">
          Colleagues with an account on your organisation’s email domain. Each declares any conflict of interest before seeing a response; they score independently and cannot award.
        </p>
      </div>
      {evaluators.isPending ? (
        <p className="text-sm text-slate-700">Loading evaluators…</p>
      ) : evaluators.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Evaluators could not be loaded.
        </p>
      ) : evaluators.data.length === 0 ? (
        <p className="text-sm text-slate-700">No evaluators yet: you score alone.</p>
      ) : (
        <ul className="grid gap-2">
          {evaluators.data.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 border-b border-border pb-2 last:border-0">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">{e.name}</p>
                <p className="break-all text-sm text-slate-700">{e.email}</p>
                {e.conflictReason && <p className="break-words text-sm text-slate-700">Conflict: {e.conflictReason}</p>}
              </div>
              <div className="flex items-center gap-2">
                <Badge variant={e.declaration === 'no-conflict' ? 'success' : e.declaration === 'conflict' ? 'destructive' : 'warning'}>
                  {TENDER_DECLARATION_LABELS[e.declaration]}
                  {e.declaredAt && ` · ${formatUkDateTime(e.declaredAt)}`}
                </Badge>
                {manage && (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${e.name}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      remove.mutate(e.id, {
                        onSuccess: (res) => toast({ title: 'Evaluator removed', description: res.message ?? M.evaluatorRemoved, variant: 'success' }),
                        onError: (err) => setError(err.message),
                      })
                    }
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {manage && (
        <form
          noValidate
          className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end"
          onSubmit={(e) => {
            e.preventDefault();
            if (!email.trim()) return setError('Enter your colleague’s email address');
            setError('');
            invite.mutate(email.trim(), {
              onSuccess: (res) => {
                setEmail('');
                toast({ title: 'Evaluator invited', description: res.message, variant: 'success' });
              },
              onError: (err) => setError(err.message),
            });
          }}
        >
          <Field id="evaluator-email" label="Invite an evaluator by email" error={error}>
            {(control) => <Input {...control} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />}
          </Field>
          <Button type="submit" disabled={invite.isPending}>
            <UserPlus className="h-4 w-4" aria-hidden />
            Invite
          </Button>
        </form>
      )}
    </Card>
  );
}
