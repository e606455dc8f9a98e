import { describe, expect, it } from 'vitest';
import { TENDER_EVALUATION_MESSAGES as M } from '@solar/shared/constants/tender-evaluation';
import { TENDER_LIFECYCLE_MESSAGES as LM } from '@solar/shared/constants/tender-lifecycle';
import { planChangeRefusal, scoringPhase } from './tender-evaluation.service';

const now = new Date('2026-12-01T12:00:00Z');

describe('scoringPhase: never before the closing date by the server’s clock (decision 0519)', () => {
  it('is sealed while open, and for a draft', () => {
    expect(scoringPhase({ stage: 'active', status: 'open', closingDate: '2026-12-01T12:00:01Z' }, now)).toBe('sealed');
    expect(scoringPhase({ stage: 'draft', status: 'open', closingDate: '2026-11-01T12:00:00Z' }, now)).toBe('sealed');
  });

  it('opens at the closing time itself', () => {
    expect(scoringPhase({ stage: 'active', status: 'closed', closingDate: '2026-12-01T12:00:00Z' }, now)).toBe('scoring');
  });

  it('stays sealed when a read said closed but the closing date is still ahead of the clock', () => {
    expect(scoringPhase({ stage: 'active', status: 'closed', closingDate: '2026-12-01T12:00:01Z' }, now)).toBe('sealed');
  });

  it('is final after the award or a cancellation', () => {
    expect(scoringPhase({ stage: 'awarded', status: 'awarded', closingDate: '2026-11-01T12:00:00Z' }, now)).toBe('final');
    expect(scoringPhase({ stage: 'cancelled', status: 'closed', closingDate: null }, now)).toBe('final');
  });
});

describe('planChangeRefusal: criteria and the schedule change until the first response (decisions 0518, 0521)', () => {
  it('a draft changes freely, even with rows a test left behind', () => {
    expect(planChangeRefusal('draft', true, M.criteriaLocked)).toBeNull();
  });

  it('a published tender changes until a response has arrived', () => {
    expect(planChangeRefusal('active', false, M.criteriaLocked)).toBeNull();
    expect(planChangeRefusal('active', true, M.criteriaLocked)).toBe(M.criteriaLocked);
  });

  it('never after the award or a cancellation', () => {
    expect(planChangeRefusal('awarded', false, M.criteriaLocked)).toBe(LM.notEditable);
    expect(planChangeRefusal('cancelled', false, M.criteriaLocked)).toBe(LM.notEditable);
  });
});
