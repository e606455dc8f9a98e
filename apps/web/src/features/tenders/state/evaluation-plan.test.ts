import { describe, expect, it } from 'vitest';
import { TENDER_EVALUATION_MESSAGES as M } from '@solar/shared/constants/tender-evaluation';
import { TENDER_PRICING_MESSAGES as P } from '@solar/shared/constants/tender-pricing';
import { emptyPlan, planBodies, typedWeightTotal, type EvaluationPlanState } from './evaluation-plan';

const plan = (changes: Partial<EvaluationPlanState>): EvaluationPlanState => ({ ...emptyPlan(), ...changes });

describe('the evaluation plan on the tender form (decisions 0518, 0521)', () => {
  it('an empty plan is valid and sends empty lists', () => {
    expect(planBodies(emptyPlan())).toEqual({ errors: null, criteria: { criteria: [] }, items: { items: [] } });
  });

  it('says when the weights do not add up to 100, with the total typed', () => {
    const p = plan({ criteria: [{ key: 'a', name: 'Price', weight: '60' }, { key: 'b', name: 'Method', weight: '30%' }] });
    expect(typedWeightTotal(p)).toBe(90);
    expect(planBodies(p).errors).toEqual({ criteria: M.weightsSum(90) });
  });

  it('accepts weights typed with a per cent sign', () => {
    expect(planBodies(plan({ criteria: [{ key: 'a', name: 'Price', weight: '40%' }, { key: 'b', name: 'Quality', weight: '60' }] })).errors).toBeNull();
  });

  it('checks schedule lines: a quantity, a unit, and one line that is not optional', () => {
    const line = { key: 'l', description: 'Mobilisation', quantity: '1', unit: 'each', optional: false };
    expect(planBodies(plan({ items: [{ ...line, quantity: '0' }] })).errors).toEqual({ pricing: P.quantityWhole });
    expect(planBodies(plan({ items: [{ ...line, unit: '' }] })).errors).toEqual({ pricing: P.unitRequired });
    expect(planBodies(plan({ items: [{ ...line, optional: true }] })).errors).toEqual({ pricing: P.needsRequiredItem });
    expect(planBodies(plan({ items: [line] })).errors).toBeNull();
  });
});
