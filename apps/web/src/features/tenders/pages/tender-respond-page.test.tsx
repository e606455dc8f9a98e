import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_INTENT_MESSAGES as I } from '@solar/shared/constants/tender-sealed';
import { tenderFixture } from '../test/tender-fixture';
import { json, renderWithApi, userFixture, type ApiCall } from '../test/render-with-api';
import { TenderRespondPage } from './tender-respond-page';

afterEach(() => vi.unstubAllGlobals());

const tender = tenderFixture('t-1', { source: 'Solar Manager', userId: 'u-owner', title: 'Clean 12 MW at Avonmouth', closingDate: '2027-01-10T17:00:00.000Z' });
const response = {
  id: 'r-1',
  tenderId: 't-1',
  provider: { id: 'p-1', name: 'Rita Solar', slug: 'rita-solar', verified: true, services: ['Panel Cleaning'], location: 'Bath' },
  distanceKm: 17,
  message: 'We can clean every module in two visits.',
  priceMinimum: 9000,
  priceMaximum: 9000,
  leadTimeDays: 7,
  awarded: false,
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:00:00.000Z',
  attachments: [{ id: 'a-1', filename: 'method-statement.pdf', mimeType: 'application/pdf', size: 2048, createdAt: '2026-11-23T09:00:00.000Z' }],
  clarifications: [],
};

/** An e-receipt as the API answers it (decision 0513). */
const receipt = (reference: string, kind: 'submitted' | 'updated' | 'withdrawn', ukTime: string) => ({
  reference,
  kind,
  providerName: 'Rita Solar',
  createdAt: '2026-11-23T09:00:00.000Z',
  ukTime,
  sha256: 'ab'.repeat(32),
});

function renderRespond(answer: (call: ApiCall) => Response | undefined, receipts: unknown[] = []) {
  return renderWithApi({
    path: '/tender/t-1/respond',
    route: '/tender/:id/respond',
    element: <TenderRespondPage />,
    me: userFixture({ id: 'u-rita', name: 'Rita Responder', type: 'provider' }),
    answer: (call) => {
      if (call.method === 'GET' && call.path === '/api/tenders/t-1') return json(200, { success: true, data: tender });
      if (call.method === 'GET' && call.path === '/api/tenders/t-1/my-responses')
        return json(200, { success: true, data: { responses: [response], providers: [{ id: 'p-1', name: 'Rita Solar' }], refusal: null, receipts } });
      return answer(call);
    },
  });
}

describe('a responder manages their response (decision 0406)', () => {
  it('removes an attachment', async () => {
    const calls = renderRespond((call) => (call.method === 'DELETE' ? json(200, { success: true }) : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove method-statement.pdf' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/tenders/t-1/responses/r-1/attachments/a-1']));
  });

  it('withdraws after confirming; a refusal shows in the dialog', async () => {
    let refuse = true;
    const calls = renderRespond((call) =>
      call.method === 'DELETE'
        ? refuse
          ? json(409, { success: false, message: M.responseClosed })
          : json(200, { success: true, message: M.responseWithdrawn, receipt: receipt('TR-2026-000003', 'withdrawn', '23/11/2026 09:05:00 GMT') })
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw Response' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your response?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw Response' }));
    expect(await within(dialog).findByText(M.responseClosed)).toBeInTheDocument();
    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw Response' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/tenders/t-1/responses/r-1', '/api/tenders/t-1/responses/r-1']);
  });
});

describe('e-receipts on the response page (decision 0513)', () => {
  it('shows the newest receipt in full, then the earlier ones; with none, says when one is issued', async () => {
    renderRespond(() => undefined, [receipt('TR-2026-000002', 'updated', '23/11/2026 09:01:07 GMT'), receipt('TR-2026-000001', 'submitted', '23/11/2026 09:00:00 GMT')]);
    const latest = await screen.findByRole('region', { name: 'Your e-receipt' });
    expect(within(latest).getByText('TR-2026-000002')).toBeInTheDocument();
    expect(within(latest).getByText('23/11/2026 09:01:07 GMT')).toBeInTheDocument();
    expect(within(latest).getByText('ab'.repeat(32))).toBeInTheDocument();
    expect(within(latest).getByText('Response changed for Rita Solar')).toBeInTheDocument();
    expect(screen.getByText('TR-2026-000001')).toBeInTheDocument();
  });

  it('before any, says a receipt comes with each submission', async () => {
    renderRespond(() => undefined);
    expect(await screen.findByText(/No receipts yet/)).toBeInTheDocument();
  });
});

describe('the landing of an invitation link (issue 27 defect 10, decision 0443)', () => {
  const TOKEN = 'tok_' + 'x'.repeat(39);
  afterEach(() => window.sessionStorage.clear());

  it('shows a signed-out invitee the title, buyer, deadline in UK time and invited address; the token leaves the address bar and travels only in a body', async () => {
    window.history.replaceState(null, '', `/tender/t-1/respond#invite=${TOKEN}`);
    const calls = renderWithApi({
      path: '/tender/t-1/respond',
      route: '/tender/:id/respond',
      element: <TenderRespondPage />,
      me: null,
      answer: (call) =>
        call.method === 'POST' && call.path === '/api/tenders/invitations/preview'
          ? json(200, {
              success: true,
              data: { tenderId: 't-1', title: 'Clean 12 MW at Avonmouth', buyer: 'Buyer Ltd', closingDate: '2027-07-10T11:00:00.000Z', email: 'bea@outside.example.com', open: true, cancelled: false, declinedAt: null, redeemed: false },
            })
          : undefined,
    });
    expect(await screen.findByRole('heading', { name: 'Clean 12 MW at Avonmouth' })).toBeInTheDocument();
    expect(screen.getByText('Buyer Ltd')).toBeInTheDocument();
    expect(screen.getByText('10/07/2027 12:00 UK time')).toBeInTheDocument();
    expect(screen.getByText('bea@outside.example.com')).toBeInTheDocument();
    expect(window.location.hash).toBe('');
    expect(calls.find((c) => c.path === '/api/tenders/invitations/preview')?.body).toEqual({ token: TOKEN });
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).not.toContain(TOKEN);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', `/register?redirect=${encodeURIComponent('/tender/t-1/respond')}`);
    expect(calls.map((c) => c.path).join(' ')).not.toContain(TOKEN);
  });

  it('lets a signed-out invitee decline with a reason, the token in the body; the landing then says it was declined (decision 0558)', async () => {
    window.history.replaceState(null, '', `/tender/t-1/respond#invite=${TOKEN}`);
    let declinedAt: string | null = null;
    const calls = renderWithApi({
      path: '/tender/t-1/respond',
      route: '/tender/:id/respond',
      element: <TenderRespondPage />,
      me: null,
      answer: (call) => {
        if (call.method === 'POST' && call.path === '/api/tenders/invitations/preview')
          return json(200, {
            success: true,
            data: { tenderId: 't-1', title: 'Clean 12 MW at Avonmouth', buyer: 'Buyer Ltd', closingDate: '2027-07-10T11:00:00.000Z', email: 'bea@outside.example.com', open: true, cancelled: false, declinedAt, redeemed: false },
          });
        if (call.method === 'POST' && call.path === '/api/tenders/invitations/decline') {
          declinedAt = '2027-07-01T09:30:00.000Z';
          return json(200, { success: true, message: I.linkDeclined, data: { tenderId: 't-1', declinedAt } });
        }
        return undefined;
      },
    });
    const card = await screen.findByRole('region', { name: I.linkDeclineTitle });
    await userEvent.click(within(card).getByRole('button', { name: I.declineButton }));
    await userEvent.type(within(card).getByLabelText(I.declineReasonLabel), 'Too far');
    await userEvent.click(within(card).getByRole('button', { name: 'Decline the invitation' }));
    expect(await within(card).findByText(I.declineReasonRequired)).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/tenders/invitations/decline')).toBe(false);
    await userEvent.type(within(card).getByLabelText(I.declineReasonLabel), ' from our depots, sorry.');
    await userEvent.click(within(card).getByRole('button', { name: 'Decline the invitation' }));
    await vi.waitFor(() => expect(calls.find((c) => c.path === '/api/tenders/invitations/decline')?.body).toEqual({ token: TOKEN, reason: 'Too far from our depots, sorry.' }));
    expect(await screen.findByText(/You have declined this tender\. \(01\/07\/2027 10:30 UK time\)/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: I.linkDeclineTitle })).toBeNull();
  });
});

describe('the response form takes what people type, and files with the first submit (issue 27 defect 8)', () => {
  function renderFirst(extra: Partial<typeof tender> = {}, responses: unknown[] = []) {
    return renderWithApi({
      path: '/tender/t-1/respond',
      route: '/tender/:id/respond',
      element: <TenderRespondPage />,
      me: userFixture({ id: 'u-rita', name: 'Rita Responder', type: 'provider' }),
      answer: (call) => {
        if (call.method === 'GET' && call.path === '/api/tenders/t-1') return json(200, { success: true, data: { ...tender, ...extra } });
        if (call.method === 'GET' && call.path === '/api/tenders/t-1/my-responses')
          return json(200, { success: true, data: { responses, providers: [{ id: 'p-1', name: 'Rita Solar' }], refusal: null, receipts: [] } });
        if (call.method === 'PUT')
          return json(200, { success: true, message: M.responseSubmitted, data: { ...response, id: 'r-new', attachments: [] }, receipt: receipt('TR-2026-000001', 'submitted', '23/11/2026 09:00:00 GMT') });
        if (call.method === 'POST' && call.path.endsWith('/attachments')) return json(201, { success: true, data: [] });
        return undefined;
      },
    });
  }

  it('sends "£495,000", a blank "Up to" and "30 days" without a complaint, then the files chosen before it', async () => {
    const calls = renderFirst();
    await userEvent.type(await screen.findByLabelText('Your response'), 'Drone and handheld thermography, two visits.');
    await userEvent.type(screen.getByLabelText('Price (£)'), '£495,000');
    await userEvent.type(screen.getByLabelText('Lead time'), '30 days');
    await userEvent.upload(screen.getByLabelText('Attachments (optional)'), new File(['%PDF-1.4'], 'method.pdf', { type: 'application/pdf' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Response' }));
    await vi.waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/tenders/t-1/responses/r-new/attachments'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ priceMinimum: 495000, priceMaximum: 495000, leadTimeDays: 30 });
    expect(screen.queryByText(M.moneyNotNumber)).toBeNull();
  });

  it('announces each field\'s hint, and a refused amount in its place (decision 0590)', async () => {
    const calls = renderFirst();
    const price = await screen.findByLabelText('Price (£)');
    expect(price).toHaveAccessibleDescription('A single price, or the lower end of a range, such as £495,000.');
    expect(screen.getByLabelText('Lead time')).toHaveAccessibleDescription('In days or weeks, such as 30 days.');
    await userEvent.type(screen.getByLabelText('Your response'), 'Drone and handheld thermography, two visits.');
    await userEvent.type(price, 'about five hundred');
    await userEvent.type(screen.getByLabelText('Lead time'), '30 days');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Response' }));
    await vi.waitFor(() => expect(price).toHaveAccessibleDescription(M.moneyNotNumber));
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Lead time')).not.toHaveAttribute('aria-invalid');
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('leaves "Up to" blank for a single price when the response is opened again', async () => {
    renderFirst({}, [response]);
    expect(await screen.findByLabelText('Price (£)')).toHaveValue('9000');
    expect(screen.getByLabelText('Up to (£, optional)')).toHaveValue('');
  });

  it('once closed it says so first, not "You can edit yours until then"; the winner reads that they won (defect 7)', async () => {
    renderFirst({ stage: 'awarded', status: 'awarded', viewerRelation: 'winner', award: { supplier: 'Rita Solar', value: 9000, date: '2027-01-12' } }, [response]);
    expect(await screen.findByText('You won this tender')).toBeInTheDocument();
    expect(screen.queryByText(/You can edit yours until then/)).toBeNull();
  });
});
