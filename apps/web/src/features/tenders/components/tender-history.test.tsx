import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { json, renderWithApi, userFixture } from '../test/render-with-api';
import { TenderHistory } from './tender-history';

afterEach(() => vi.unstubAllGlobals());

const event = (id: string, kind: string, subject: string | null, actor: string | null) => ({
  id,
  kind,
  actor: actor ? { name: actor } : null,
  reason: null,
  subject,
  changes: {},
  createdAt: '2026-12-01T12:00:00.000Z',
});

describe('the History tells the whole cycle (issue 27 defect 11)', () => {
  it('names who was invited, who responded, was shortlisted and won, and the question asked (never its asker), in UK time', async () => {
    renderWithApi({
      path: '/tender/t-1',
      route: '/tender/:id',
      element: <TenderHistory tenderId="t-1" />,
      me: userFixture(),
      answer: (call) =>
        call.path === '/api/tenders/t-1/events'
          ? json(200, {
              success: true,
              data: [
                event('1', 'published', null, 'Olive Owner'),
                event('2', 'invited', 'Eve Drones, bea@outside.example.com', 'Olive Owner'),
                event('3', 'question-asked', 'Is there a site induction?', null),
                event('4', 'response-submitted', 'Dana Thermal', 'Dana'),
                event('5', 'shortlisted', 'Dana Thermal', 'Olive Owner'),
                event('6', 'awarded', 'Dana Thermal', 'Olive Owner'),
              ],
            })
          : undefined,
    });
    expect(await screen.findByText('Eve Drones, bea@outside.example.com')).toBeInTheDocument();
    expect(screen.getByText('Question asked')).toBeInTheDocument();
    expect(screen.getByText('Is there a site induction?')).toBeInTheDocument();
    expect(screen.getByText('Response received')).toBeInTheDocument();
    expect(screen.getAllByText('Dana Thermal')).toHaveLength(3);
    expect(screen.getAllByText(/01\/12\/2026 12:00 UK time/).length).toBe(6);
  });

  it('shows criteria changes from → to, evaluators invited and their declarations, with a conflict’s reason (decision 0555)', async () => {
    renderWithApi({
      path: '/tender/t-1',
      route: '/tender/:id',
      element: <TenderHistory tenderId="t-1" />,
      me: userFixture(),
      answer: (call) =>
        call.path === '/api/tenders/t-1/events'
          ? json(200, {
              success: true,
              data: [
                { ...event('1', 'criteria-changed', null, 'Olive Owner'), changes: { criteria: { from: 'Price: 100%', to: 'Price: 60%; Method: 40%' } } },
                event('2', 'evaluator-invited', 'Eve Evaluator', 'Olive Owner'),
                event('3', 'evaluator-no-conflict', 'Eve Evaluator', 'Eve Evaluator'),
                { ...event('4', 'evaluator-conflict', 'Carl Conflicted', 'Carl Conflicted'), reason: 'My brother directs a bidder.' },
              ],
            })
          : undefined,
    });
    expect(await screen.findByText('Evaluation criteria changed')).toBeInTheDocument();
    expect(screen.getByText('Criteria: Price: 100% → Price: 60%; Method: 40%')).toBeInTheDocument();
    expect(screen.getByText('Evaluator invited')).toBeInTheDocument();
    expect(screen.getByText('Evaluator declared no conflict of interest')).toBeInTheDocument();
    expect(screen.getByText('Evaluator declared a conflict of interest')).toBeInTheDocument();
    expect(screen.getByText('Reason: My brother directs a bidder.')).toBeInTheDocument();
  });
});
