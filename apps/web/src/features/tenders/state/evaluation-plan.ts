import { updateTenderCriteriaBody, type TenderCriterion } from '@solar/shared/contracts/tender-evaluation';
import { updateTenderPricingScheduleBody, type TenderPriceItem } from '@solar/shared/contracts/tender-pricing';

/**
 * The form state of a tender's evaluation plan (issue 27 part B): weighted criteria (decision 0518)
 * and the pricing schedule (decision 0521), checked with the server's own schemas before sending.
 */

export interface CriterionRow {
  key: string;
  name: string;
  weight: string;
}
export interface PriceItemRow {
  key: string;
  description: string;
  quantity: string;
  unit: string;
  optional: boolean;
}
export interface EvaluationPlanState {
  criteria: CriterionRow[];
  items: PriceItemRow[];
}

let next = 0;
export const rowKey = () => `row-${++next}`;

export const emptyPlan = (): EvaluationPlanState => ({ criteria: [], items: [] });

export const planFromServer = (criteria: TenderCriterion[], items: TenderPriceItem[]): EvaluationPlanState => ({
  criteria: criteria.map((c) => ({ key: c.id, name: c.name, weight: String(c.weight) })),
  items: items.map((i) => ({ key: i.id, description: i.description, quantity: String(i.quantity), unit: i.unit, optional: i.optional })),
});

const criteriaInput = (plan: EvaluationPlanState) => ({ criteria: plan.criteria.map((c) => ({ name: c.name, weight: c.weight })) });
const itemsInput = (plan: EvaluationPlanState) => ({ items: plan.items.map((i) => ({ description: i.description, quantity: i.quantity, unit: i.unit, optional: i.optional })) });

/** The two bodies, or the first message of each part that is wrong (keys `criteria`, `pricing`). */
export function planBodies(plan: EvaluationPlanState) {
  const criteria = updateTenderCriteriaBody.safeParse(criteriaInput(plan));
  const items = updateTenderPricingScheduleBody.safeParse(itemsInput(plan));
  const errors: Record<string, string> = {};
  if (!criteria.success) errors.criteria = criteria.error.issues[0]!.message;
  if (!items.success) errors.pricing = items.error.issues[0]!.message;
  return { errors: Object.keys(errors).length > 0 ? errors : null, criteria: criteriaInput(plan), items: itemsInput(plan) };
}

/** The weights typed so far, added up (blank or not a number counts nothing). */
export const typedWeightTotal = (plan: EvaluationPlanState) =>
  plan.criteria.reduce((sum, c) => {
    const n = Number(c.weight.replace('%', '').trim());
    return sum + (Number.isFinite(n) ? n : 0);
  }, 0);
