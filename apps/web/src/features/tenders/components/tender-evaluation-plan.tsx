import { Link } from '../../../components/ui/link';
import { ClipboardCheck } from '../../../components/ui/icons';
import type { Tender } from '@solar/shared/contracts/tenders';
import { formatCount } from '@solar/shared/domain/count';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useEvaluatingTenders } from '../api/list-evaluating-tenders';
import { useTenderCriteria } from '../api/get-tender-criteria';
import { useTenderPricingSchedule } from '../api/get-tender-pricing-schedule';

/**
 * How the tender will be evaluated, on its page (issue 27 part B): the criteria with their weights
 * (decision 0518) and the pricing schedule's lines (decision 0521), for everyone who may see the
 * tender; an evaluator also gets the way to the scoring sheet.
 */
export function TenderEvaluationPlan({ tender, signedIn }: { tender: Tender; signedIn: boolean }) {
  const listed = tender.source === 'Solar Manager';
  const criteria = useTenderCriteria(tender.id, listed);
  const schedule = useTenderPricingSchedule(tender.id, listed);
  const evaluating = useEvaluatingTenders(signedIn && listed);
  if (!listed) return null;
  const evaluator = evaluating.data?.find((e) => e.id === tender.id);
  if (criteria.isPending || schedule.isPending) return <Skeleton className="h-24 w-full" />;
  if (criteria.isError || schedule.isError) {
    return (
      <Card className="p-6 text-sm text-destructive" role="alert">
        The evaluation criteria and pricing schedule could not be loaded.
      </Card>
    );
  }
  const items = schedule.data.items;
  const list = criteria.data.criteria;
  return (
    <>
      {evaluator && (
        <Card className="flex flex-wrap items-center justify-between gap-3 border-primary/40 p-5">
          <p className="text-slate-800">You are an evaluator of this tender.</p>
          <Link to={`/tender/${tender.id}/evaluate`} className={buttonClasses('primary', 'md')}>
            <ClipboardCheck className="h-4 w-4" aria-hidden />
            Open the scoring sheet
          </Link>
        </Card>
      )}
      {(list.length > 0 || items.length > 0) && (
        <Card className="p-6">
          <h2 className="mb-3 text-lg font-semibold">How responses will be evaluated</h2>
          {list.length > 0 ? (
            <ul className="grid gap-2" aria-label="Evaluation criteria">
              {list.map((c) => (
                <li key={c.id} className="grid gap-1">
                  <div className="flex items-baseline justify-between gap-3">
                    <span className="min-w-0 break-words font-medium text-slate-900">{c.name}</span>
                    <span className="shrink-0 text-slate-800">{c.weight}%</span>
                  </div>
                  <div className="h-2 rounded bg-muted" aria-hidden>
                    <div className="h-2 rounded bg-primary" style={{ width: `${c.weight}%` }} />
                  </div>
                  {c.description && <p className="break-words text-sm text-slate-700">{c.description}</p>}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-slate-700">The owner has not set evaluation criteria.</p>
          )}
          {items.length > 0 && (
            <>
              <h3 className="mb-2 mt-5 font-semibold">Pricing schedule ({formatCount(items.length, 'line')})</h3>
              <p className="mb-2 text-sm text-slate-700">Each response prices these lines; optional extras are compared apart from the total.</p>
              <ol className="grid gap-1 text-slate-800">
                {items.map((i) => (
                  <li key={i.id} className="flex flex-wrap justify-between gap-x-3 border-b border-border py-1 last:border-0">
                    <span className="min-w-0 break-words">
                      {i.description}
                      {i.optional && <span className="ml-2 text-sm text-amber-800">(optional extra)</span>}
                    </span>
                    <span className="shrink-0 text-sm text-slate-700">
                      {i.quantity} × {i.unit}
                    </span>
                  </li>
                ))}
              </ol>
            </>
          )}
        </Card>
      )}
    </>
  );
}
