import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_SEALED_MESSAGES as S } from '@solar/shared/constants/tender-sealed';
import { tenderFixture } from '../test/tender-fixture';
import { json, renderWithApi, userFixture } from '../test/render-with-api';
import { TenderResponsesPage } from './tender-responses-page';

afterEach(() => vi.unstubAllGlobals());

const response = (id: string, name: string, verified: boolean) => ({
  id,
  tenderId: 't-1',
  provider: { id: `p-${id}`, name, slug: id, verified, since: '2026-11-20T09:00:00.000Z', services: ['Thermographic Surveys'], location: 'Bath' },
  distanceKm: 17,
  message: 'Drone and handheld thermography, two visits.',
  priceMinimum: 495000,
  priceMaximum: 495000,
  leadTimeDays: 30,
  awarded: false,
  shortlisted: false,
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:00:00.000Z',
  attachments: [],
  clarifications: [],
});

function renderResponses(tender: Partial<ReturnType<typeof tenderFixture>>) {
  return renderWithApi({
    path: '/tender/t-1/responses',
    route: '/tender/:id/responses',
    element: <TenderResponsesPage />,
    me: userFixture(),
    answer: (call) =>
      call.path === '/api/tenders/t-1'
        ? json(200, { success: true, data: tenderFixture('t-1', { source: 'Solar Manager', userId: 'u-owner', viewerRelation: 'manager', ...tender }) })
        : call.path === '/api/tenders/t-1/responses'
          ? json(200, { success: true, data: [response('r1', 'Dana Thermal', true), response('r2', 'Eve Drones', false)] })
          : undefined,
  });
}

describe('Compare Responses offers each step when it may be taken (issue 27 defect 11)', () => {
  it('no Award while responses are open, and says why; shortlisting and clarifications are offered', async () => {
    renderResponses({ status: 'open' });
    const card = await screen.findByLabelText('Response from Dana Thermal');
    expect(within(card).queryByRole('button', { name: 'Award' })).toBeNull();
    expect(within(card).getByRole('button', { name: 'Shortlist' })).toBeInTheDocument();
    expect(screen.getByText(M.awardBeforeClosing)).toBeInTheDocument();
  });

  it('after the award: no Shortlist, no Ask to clarify, no Award', async () => {
    renderResponses({ stage: 'awarded', status: 'awarded' });
    const card = await screen.findByLabelText('Response from Eve Drones');
    for (const name of ['Shortlist', 'Ask to clarify', 'Award']) expect(within(card).queryByRole('button', { name })).toBeNull();
  });

  it('says what was verified (a claim reviewed by the team), and nothing for a profile its owner made', async () => {
    renderResponses({ status: 'closed' });
    expect(within(await screen.findByLabelText('Response from Dana Thermal')).getByText('Claim verified')).toBeInTheDocument();
    expect(within(screen.getByLabelText('Response from Eve Drones')).queryByText(/verified/i)).toBeNull();
    expect(within(screen.getByLabelText('Response from Eve Drones')).getByRole('button', { name: 'Award' })).toBeInTheDocument();
  });
});

describe('sealed until the closing time (decision 0512)', () => {
  it('shows how many arrived and when, and nothing of who or what', async () => {
    renderWithApi({
      path: '/tender/t-1/responses',
      route: '/tender/:id/responses',
      element: <TenderResponsesPage />,
      me: userFixture(),
      answer: (call) =>
        call.path === '/api/tenders/t-1'
          ? json(200, { success: true, data: tenderFixture('t-1', { source: 'Solar Manager', userId: 'u-owner', viewerRelation: 'manager', status: 'open', closingDate: '2099-12-02T12:00:00.000Z' }) })
          : call.path === '/api/tenders/t-1/responses'
            ? json(200, {
                success: true,
                data: [],
                sealed: {
                  closesAt: '2099-12-02T12:00:00.000Z',
                  count: 2,
                  arrivals: [
                    { receivedAt: '2026-11-23T09:00:00.000Z', updatedAt: '2026-11-23T09:00:00.000Z' },
                    { receivedAt: '2026-11-23T10:00:00.000Z', updatedAt: '2026-11-24T08:30:00.000Z' },
                  ],
                },
              })
            : undefined,
    });
    expect(await screen.findByRole('heading', { name: S.sealedTitle })).toBeInTheDocument();
    expect(screen.getByText('2 responses received so far')).toBeInTheDocument();
    expect(screen.getByText(/^Response 2: received/).textContent).toBe('Response 2: received 23/11/2026 10:00 UK time, last changed 24/11/2026 08:30 UK time');
    expect(screen.getByText(/Opens in \d+ days/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Response from/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Shortlist' })).toBeNull();
  });
});
