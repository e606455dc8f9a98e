import { describe, expect, it } from 'vitest';
import { cutDescription, pageItems, publicStatusLabel, readAmount, readDays, TENDER_SERVICE_FOR_A_SITE, tenderOutcome, valueRangeLabel } from './tenders';
import { SERVICES } from '../constants/services';

describe('cutDescription', () => {
  it('keeps short text and cuts long text at 200 characters', () => {
    expect(cutDescription('Short text')).toBe('Short text');
    const long = 'word '.repeat(100);
    const cut = cutDescription(long);
    expect(cut.endsWith('...')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(203);
    expect(cutDescription('x'.repeat(250))).toBe(`${'x'.repeat(200)}...`);
  });
});

describe('pageItems', () => {
  it.each([
    [1, 1, [1]],
    [1, 3, [1, 2, 3]],
    [1, 10, [1, 2, 'ellipsis-end', 10]],
    [5, 10, [1, 'ellipsis-start', 4, 5, 6, 'ellipsis-end', 10]],
    [10, 10, [1, 'ellipsis-start', 9, 10]],
    [3, 10, [1, 2, 3, 4, 'ellipsis-end', 10]],
    [4, 7, [1, 2, 3, 4, 5, 6, 7]],
    [1, 0, []],
  ])('page %i of %i', (current, pages, expected) => {
    expect(pageItems(current, pages)).toEqual(expected);
  });
});

describe('labels', () => {
  it('shows awarded as Closed', () => {
    expect(publicStatusLabel('open')).toBe('Open');
    expect(publicStatusLabel('closed')).toBe('Closed');
    expect(publicStatusLabel('awarded')).toBe('Closed');
  });
  it('describes value ranges', () => {
    const f = (n: number) => `£${n}`;
    expect(valueRangeLabel(null, null, f)).toBe('Not stated');
    expect(valueRangeLabel(1, 2, f)).toBe('£1 – £2');
    expect(valueRangeLabel(null, 2, f)).toBe('Up to £2');
    expect(valueRangeLabel(1, null, f)).toBe('From £1');
  });
});

describe('what people type in the response form (issue 27 defect 8)', () => {
  it('reads amounts with a pound sign, thousands commas, pence or GBP', () => {
    expect(readAmount('£495,000')).toBe(495000);
    expect(readAmount(' 495000 ')).toBe(495000);
    expect(readAmount('£ 1,250.50')).toBe(1250.5);
    expect(readAmount('495,000 GBP')).toBe(495000);
    expect(readAmount('')).toBeNull();
    expect(readAmount('lots')).toBeNaN();
    expect(readAmount('4,95,000')).toBeNaN();
  });
  it('reads lead times in days or weeks', () => {
    expect(readDays('30 days')).toBe(30);
    expect(readDays('1 day')).toBe(1);
    expect(readDays('30')).toBe(30);
    expect(readDays('6 weeks')).toBe(42);
    expect(readDays('')).toBeNull();
    expect(readDays('soon')).toBeNaN();
  });
});

describe('each party sees its own outcome first (issue 27 defects 2 and 7)', () => {
  const listed = { source: 'Solar Manager', stage: 'awarded' as const, status: 'awarded' as const, award: { supplier: 'Dana Thermal' }, cancelReason: null };
  it('the winner is told they won; another responder that it was unsuccessful; the owner and invitees who won', () => {
    expect(tenderOutcome({ ...listed, viewerRelation: 'winner' })).toMatchObject({ badge: 'Won', headline: 'You won this tender' });
    expect(tenderOutcome({ ...listed, viewerRelation: 'responder' })).toMatchObject({ badge: 'Unsuccessful', detail: 'The buyer awarded this tender to Dana Thermal.' });
    expect(tenderOutcome({ ...listed, viewerRelation: 'manager' })).toMatchObject({ badge: 'Awarded', headline: 'Awarded to Dana Thermal' });
    expect(tenderOutcome({ ...listed, viewerRelation: 'participant' })).toMatchObject({ badge: 'Awarded', headline: 'Awarded to Dana Thermal' });
  });
  it('a draft says Draft, never Open', () => {
    expect(tenderOutcome({ ...listed, stage: 'draft', status: 'open', award: null, viewerRelation: 'manager' })).toMatchObject({ badge: 'Draft', tone: 'warning' });
  });
  it('the public keeps Open or Closed; a cancelled tender says it was cancelled under Tender Closed', () => {
    expect(tenderOutcome({ ...listed, stage: 'active', status: 'closed', award: null, viewerRelation: null }).badge).toBe('Closed');
    expect(tenderOutcome({ ...listed, stage: 'cancelled', status: 'closed', award: null, viewerRelation: null })).toMatchObject({
      badge: 'Closed',
      headline: 'Tender Closed',
      detail: 'The buyer cancelled this tender before it closed.',
    });
    expect(tenderOutcome({ ...listed, stage: 'cancelled', status: 'closed', award: null, cancelReason: 'Site sold.', viewerRelation: 'participant' })).toMatchObject({
      badge: 'Cancelled',
      detail: 'Reason: Site sold.',
    });
    expect(tenderOutcome({ ...listed, source: 'External', viewerRelation: null }).badge).toBe('Closed');
  });
});

describe('List a tender for this site (issue 27 defect 5)', () => {
  it('starts with a service the directory knows', () => {
    expect(SERVICES).toContain(TENDER_SERVICE_FOR_A_SITE);
  });
});
