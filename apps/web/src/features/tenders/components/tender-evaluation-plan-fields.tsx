import { useEffect, useRef, useState } from 'react';
import { Plus, Trash2 } from '../../../components/ui/icons';
import { TENDER_CRITERIA_EXAMPLE, TENDER_CRITERIA_MAX } from '@solar/shared/constants/tender-evaluation';
import { TENDER_PRICE_ITEMS_MAX, TENDER_PRICE_UNIT_SUGGESTIONS } from '@solar/shared/constants/tender-pricing';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { useTenderCriteria } from '../api/get-tender-criteria';
import { useTenderPricingSchedule } from '../api/get-tender-pricing-schedule';
import { updateCriteria } from '../api/update-tender-criteria';
import { updatePricingSchedule } from '../api/update-tender-pricing-schedule';
import { emptyPlan, planBodies, planFromServer, rowKey, typedWeightTotal, type EvaluationPlanState } from '../state/evaluation-plan';

/**
 * The evaluation plan of the List a Tender form and its edit (issue 27 part B): the weighted
 * criteria (decision 0518) and the pricing schedule (decision 0521). Saved after the tender itself,
 * with the server's checks; fixed once a response has arrived (then shown, not editable).
 */
export function useEvaluationPlan(tenderId?: string) {
  const criteria = useTenderCriteria(tenderId ?? '', !!tenderId);
  const schedule = useTenderPricingSchedule(tenderId ?? '', !!tenderId);
  const [plan, setPlan] = useState<EvaluationPlanState>(emptyPlan);
  const loaded = useRef(false);
  useEffect(() => {
    if (loaded.current || !criteria.data || !schedule.data) return;
    loaded.current = true;
    setPlan(planFromServer(criteria.data.criteria, schedule.data.items));
  }, [criteria.data, schedule.data]);
  const editable = !tenderId || (!!criteria.data?.editable && !!schedule.data?.editable);
  const loading = !!tenderId && (criteria.isPending || schedule.isPending);
  return {
    plan,
    setPlan,
    editable,
    loading,
    failed: criteria.isError || schedule.isError,
    /** The form's messages for the plan, or null when it may be sent. */
    check: () => (editable ? planBodies(plan).errors : null),
    /** Whether a new tender's plan has anything to send. */
    hasContent: () => {
      const { criteria: c, items } = planBodies(plan);
      return c.criteria.length > 0 || items.items.length > 0;
    },
    /** Sends the plan for the saved tender (nothing for a new tender without one). */
    save: async (id: string) => {
      if (!editable) return;
      const { criteria: c, items } = planBodies(plan);
      if (tenderId || c.criteria.length > 0) await updateCriteria(id, c);
      if (tenderId || items.items.length > 0) await updatePricingSchedule(id, items);
    },
  };
}

export type EvaluationPlan = ReturnType<typeof useEvaluationPlan>;

export function TenderEvaluationPlanFields({ plan: p, errors }: { plan: EvaluationPlan; errors: Record<string, string> }) {
  const { plan, setPlan, editable } = p;
  const total = typedWeightTotal(plan);
  const setCriterion = (key: string, changes: Partial<EvaluationPlanState['criteria'][number]>) =>
    setPlan((s) => ({ ...s, criteria: s.criteria.map((c) => (c.key === key ? { ...c, ...changes } : c)) }));
  const setItem = (key: string, changes: Partial<EvaluationPlanState['items'][number]>) =>
    setPlan((s) => ({ ...s, items: s.items.map((i) => (i.key === key ? { ...i, ...changes } : i)) }));
  if (p.loading) return <Card className="p-6 text-sm text-slate-700">Loading the evaluation criteria and pricing schedule…</Card>;
  if (p.failed) return <Card className="p-6 text-sm text-destructive" role="alert">The evaluation criteria and pricing schedule could not be loaded. Reload the page to try again.</Card>;
  return (
    <>
      <Card className="grid gap-4 p-6" role="region" aria-labelledby="plan-criteria-heading">
        <div>
          <h2 id="plan-criteria-heading" className="text-lg font-semibold">
            Evaluation criteria
          </h2>
          <p className="text-sm text-slate-700">
            How you will score responses, shown to bidders. Weights are whole percentages that add up to 100.
            {!editable && ' They are fixed now that a response has arrived.'}
          </p>
        </div>
        {plan.criteria.length > 0 && (
          <ol className="grid gap-2">
            {plan.criteria.map((c, n) => (
              <li key={c.key} className="grid grid-cols-[minmax(0,1fr)_5.5rem_auto] items-center gap-2">
                <label htmlFor={`criterion-${c.key}-name`} className="sr-only">{`Criterion ${n + 1} name`}</label>
                <Input id={`criterion-${c.key}-name`} value={c.name} maxLength={80} disabled={!editable} placeholder="e.g. Method" onChange={(e) => setCriterion(c.key, { name: e.target.value })} />
                <label htmlFor={`criterion-${c.key}-weight`} className="sr-only">{`Criterion ${n + 1} weight in per cent`}</label>
                <div className="flex items-center gap-1">
                  <Input id={`criterion-${c.key}-weight`} inputMode="numeric" value={c.weight} disabled={!editable} onChange={(e) => setCriterion(c.key, { weight: e.target.value })} />
                  <span aria-hidden className="text-sm text-slate-700">%</span>
                </div>
                {editable ? (
                  <Button variant="ghost" size="sm" aria-label={`Remove criterion ${n + 1}`} onClick={() => setPlan((s) => ({ ...s, criteria: s.criteria.filter((x) => x.key !== c.key) }))}>
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                ) : (
                  <span />
                )}
              </li>
            ))}
          </ol>
        )}
        {plan.criteria.length > 0 && (
          <p className={`text-sm ${total === 100 ? 'text-slate-700' : 'text-amber-800'}`} aria-live="polite">
            Total: {total}%{total === 100 ? '' : ' (must be 100%)'}
          </p>
        )}
        {errors.criteria && (
          <p role="alert" className="text-sm text-destructive">
            {errors.criteria}
          </p>
        )}
        {editable && (
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              size="sm"
              disabled={plan.criteria.length >= TENDER_CRITERIA_MAX}
              onClick={() => setPlan((s) => ({ ...s, criteria: [...s.criteria, { key: rowKey(), name: '', weight: '' }] }))}
            >
              <Plus className="h-4 w-4" aria-hidden />
              Add criterion
            </Button>
            {plan.criteria.length === 0 && (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => setPlan((s) => ({ ...s, criteria: TENDER_CRITERIA_EXAMPLE.map((c) => ({ key: rowKey(), name: c.name, weight: String(c.weight) })) }))}
              >
                Start from {TENDER_CRITERIA_EXAMPLE.map((c) => `${c.name} ${c.weight}%`).join(', ')}
              </Button>
            )}
          </div>
        )}
      </Card>

      <Card className="grid gap-4 p-6" role="region" aria-labelledby="plan-pricing-heading">
        <div>
          <h2 id="plan-pricing-heading" className="text-lg font-semibold">
            Pricing schedule
          </h2>
          <p className="text-sm text-slate-700">
            Lines each bidder prices, such as “Operations and maintenance, 3 per year” or “Mobilisation, 1 each”. Optional extras are priced apart from the total.
            {!editable && ' It is fixed now that a response has arrived.'}
          </p>
        </div>
        <datalist id="price-unit-suggestions">
          {TENDER_PRICE_UNIT_SUGGESTIONS.map((u) => (
            <option key={u} value={u} />
          ))}
        </datalist>
        {plan.items.length > 0 && (
          <ol className="grid gap-3">
            {plan.items.map((i, n) => (
              <li key={i.key} className="grid grid-cols-[5rem_minmax(0,1fr)] items-center gap-2 rounded-md border border-border p-3 sm:grid-cols-[minmax(0,1fr)_5rem_9rem_auto_auto] sm:border-0 sm:p-0">
                <label htmlFor={`item-${i.key}-description`} className="sr-only">{`Line ${n + 1} description`}</label>
                <Input
                  id={`item-${i.key}-description`}
                  className="col-span-2 sm:col-span-1"
                  value={i.description}
                  maxLength={200}
                  disabled={!editable}
                  placeholder="e.g. Operations and maintenance"
                  onChange={(e) => setItem(i.key, { description: e.target.value })}
                />
                <label htmlFor={`item-${i.key}-quantity`} className="sr-only">{`Line ${n + 1} quantity`}</label>
                <Input id={`item-${i.key}-quantity`} inputMode="numeric" value={i.quantity} disabled={!editable} placeholder="Qty" onChange={(e) => setItem(i.key, { quantity: e.target.value })} />
                <label htmlFor={`item-${i.key}-unit`} className="sr-only">{`Line ${n + 1} unit`}</label>
                <Input id={`item-${i.key}-unit`} list="price-unit-suggestions" value={i.unit} maxLength={40} disabled={!editable} placeholder="per year" onChange={(e) => setItem(i.key, { unit: e.target.value })} />
                <label className="inline-flex items-center gap-2 text-sm">
                  <input type="checkbox" checked={i.optional} disabled={!editable} onChange={(e) => setItem(i.key, { optional: e.target.checked })} />
                  Optional extra
                </label>
                {editable && (
                  <Button variant="ghost" size="sm" className="justify-self-end" aria-label={`Remove line ${n + 1}`} onClick={() => setPlan((s) => ({ ...s, items: s.items.filter((x) => x.key !== i.key) }))}>
                    <Trash2 className="h-4 w-4" aria-hidden />
                  </Button>
                )}
              </li>
            ))}
          </ol>
        )}
        {errors.pricing && (
          <p role="alert" className="text-sm text-destructive">
            {errors.pricing}
          </p>
        )}
        {editable && (
          <div>
            <Button
              variant="secondary"
              size="sm"
              disabled={plan.items.length >= TENDER_PRICE_ITEMS_MAX}
              onClick={() => setPlan((s) => ({ ...s, items: [...s.items, { key: rowKey(), description: '', quantity: '1', unit: '', optional: false }] }))}
            >
              <Plus className="h-4 w-4" aria-hidden />
              Add line
            </Button>
          </div>
        )}
      </Card>
    </>
  );
}
