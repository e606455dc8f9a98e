import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TENDER_PRICING_MESSAGES as P } from '@solar/shared/constants/tender-pricing';
import { tenderFixture } from '../test/tender-fixture';
import { json, renderWithApi, userFixture, type ApiCall } from '../test/render-with-api';
import { TenderRespondPage } from './tender-respond-page';

afterEach(() => vi.unstubAllGlobals());

const tender = tenderFixture('t-1', { source: 'Solar Manager', userId: 'u-owner', title: 'Three years of O&M', closingDate: '2027-01-10T17:00:00.000Z' });
const items = [
  { id: 'i-om', description: 'Operations and maintenance', quantity: 3, unit: 'per year', optional: false },
  { id: 'i-mob', description: 'Mobilisation', quantity: 1, unit: 'each', optional: false },
  { id: 'i-drone', description: 'Drone survey', quantity: 2, unit: 'per visit', optional: true },
];
const saved = {
  id: 'r-1',
  tenderId: 't-1',
  provider: { id: 'p-1', name: 'Rita Solar', slug: 'rita-solar', verified: true, since: '2026-01-01T00:00:00.000Z', services: ['O&M'], location: 'Bath' },
  distanceKm: null,
  message: 'We maintain 40 MW across the South West.',
  priceMinimum: 40000,
  priceMaximum: 40000,
  leadTimeDays: 14,
  awarded: false,
  createdAt: '2026-11-23T09:00:00.000Z',
  updatedAt: '2026-11-23T09:00:00.000Z',
  attachments: [],
  clarifications: [],
};

function renderForm(answer: (call: ApiCall) => Response | undefined) {
  return renderWithApi({
    path: '/tender/t-1/respond',
    route: '/tender/:id/respond',
    element: <TenderRespondPage />,
    me: userFixture({ id: 'u-rita', name: 'Rita Responder', type: 'provider' }),
    answer: (call) => {
      if (call.method === 'GET' && call.path === '/api/tenders/t-1') return json(200, { success: true, data: tender });
      if (call.method === 'GET' && call.path === '/api/tenders/t-1/my-responses')
        return json(200, { success: true, data: { responses: [], providers: [{ id: 'p-1', name: 'Rita Solar' }], refusal: null, receipts: [] } });
      if (call.method === 'GET' && call.path === '/api/tenders/t-1/pricing-schedule') return json(200, { success: true, data: { items, editable: false } });
      return answer(call);
    },
  });
}

describe('the response form prices the schedule (decision 0521)', () => {
  it('shows line totals and the total as typed, optional extras apart; a required line left blank is refused before sending', async () => {
    const calls = renderForm(() => undefined);
    await userEvent.type(await screen.findByLabelText('Your response'), 'We maintain 40 MW across the South West.');
    await userEvent.type(screen.getByLabelText('Price (£)'), '£40,000');
    await userEvent.type(screen.getByLabelText('Lead time'), '14 days');
    const [om, mob, drone] = screen.getAllByLabelText('Unit price in pounds');
    await userEvent.type(om!, '£12,000.50');
    await userEvent.type(drone!, '750');
    expect(screen.getByText('£36,001.50')).toBeInTheDocument();
    expect(screen.getByText(/price every line that is not optional/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit Response' }));
    expect(await screen.findByText(P.unitPriceRequired)).toBeInTheDocument();
    // The schedule's message is announced with every price (a FieldGroup, decision 0590).
    for (const price of [om!, mob!, drone!]) {
      expect(price).toHaveAccessibleDescription(P.unitPriceRequired);
      expect(price).toHaveAttribute('aria-invalid', 'true');
    }
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await userEvent.type(mob!, '1200');
    expect(screen.getByText('Total: £37,201.50')).toBeInTheDocument();
    expect(screen.getByText('Optional extras: £1,500')).toBeInTheDocument();
  });

  it('sends the response, then its prices as typed', async () => {
    const calls = renderForm((call) => {
      if (call.method === 'PUT' && call.path === '/api/tenders/t-1/my-responses') return json(200, {
          success: true,
          message: 'Your response has been sent to the tender owner.',
          data: saved,
          // The e-receipt every submission gets (decision 0513).
          receipt: { reference: 'TR-2026-000001', kind: 'submitted', providerName: 'Rita Solar', createdAt: '2026-11-23T09:00:00.000Z', ukTime: '23/11/2026 09:00:00 GMT', sha256: 'ab'.repeat(32) },
        });
      if (call.method === 'PUT' && call.path === '/api/tenders/t-1/responses/r-1/prices')
        return json(200, { success: true, message: P.pricesSaved, data: { sealed: false, lines: [], totalPence: 3_720_150, optionalPence: 0 } });
      return undefined;
    });
    await userEvent.type(await screen.findByLabelText('Your response'), 'We maintain 40 MW across the South West.');
    await userEvent.type(screen.getByLabelText('Price (£)'), '£40,000');
    await userEvent.type(screen.getByLabelText('Lead time'), '14 days');
    const [om, mob] = screen.getAllByLabelText('Unit price in pounds');
    await userEvent.type(om!, '£12,000.50');
    await userEvent.type(mob!, '£1,200');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Response' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/api/tenders/t-1/responses/r-1/prices')?.body).toEqual({
        prices: [
          { itemId: 'i-om', unitPrice: '£12,000.50' },
          { itemId: 'i-mob', unitPrice: '£1,200' },
          { itemId: 'i-drone', unitPrice: '' },
        ],
      }),
    );
  });
  it('after the first submit the prices stay as typed, though the response was read before its prices were saved', async () => {
    let submitted = false;
    const calls = renderWithApi({
      path: '/tender/t-1/respond',
      route: '/tender/:id/respond',
      element: <TenderRespondPage />,
      me: userFixture({ id: 'u-rita', name: 'Rita Responder', type: 'provider' }),
      answer: (call) => {
        if (call.method === 'GET' && call.path === '/api/tenders/t-1') return json(200, { success: true, data: tender });
        if (call.method === 'GET' && call.path === '/api/tenders/t-1/my-responses')
          return json(200, { success: true, data: { responses: submitted ? [saved] : [], providers: [{ id: 'p-1', name: 'Rita Solar' }], refusal: null, receipts: [] } });
        if (call.method === 'GET' && call.path === '/api/tenders/t-1/pricing-schedule') return json(200, { success: true, data: { items, editable: false } });
        // Read before the prices' PUT lands: nothing priced yet.
        if (call.method === 'GET' && call.path === '/api/tenders/t-1/responses/r-1/prices')
          return json(200, { success: true, data: { sealed: false, lines: items.map((i) => ({ itemId: i.id, unitPricePence: null, lineTotalPence: null })), totalPence: null, optionalPence: 0 } });
        if (call.method === 'PUT' && call.path === '/api/tenders/t-1/my-responses') {
          submitted = true;
          return json(200, {
            success: true,
            message: 'Your response has been sent to the tender owner.',
            data: saved,
            receipt: { reference: 'TR-2026-000001', kind: 'submitted', providerName: 'Rita Solar', createdAt: '2026-11-23T09:00:00.000Z', ukTime: '23/11/2026 09:00:00 GMT', sha256: 'ab'.repeat(32) },
          });
        }
        if (call.method === 'PUT' && call.path === '/api/tenders/t-1/responses/r-1/prices')
          return json(200, { success: true, message: P.pricesSaved, data: { sealed: false, lines: [], totalPence: 3_720_150, optionalPence: 0 } });
        return undefined;
      },
    });
    await userEvent.type(await screen.findByLabelText('Your response'), 'We maintain 40 MW across the South West.');
    await userEvent.type(screen.getByLabelText('Price (£)'), '£40,000');
    await userEvent.type(screen.getByLabelText('Lead time'), '14 days');
    const [om, mob] = screen.getAllByLabelText('Unit price in pounds');
    await userEvent.type(om!, '£12,000.50');
    await userEvent.type(mob!, '£1,200');
    await userEvent.click(screen.getByRole('button', { name: 'Submit Response' }));
    expect(await screen.findByRole('button', { name: 'Update Response' })).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'GET' && c.path === '/api/tenders/t-1/responses/r-1/prices')).toBe(true));
    // The read's answer is applied on the next render, if at all.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getAllByLabelText('Unit price in pounds').map((i) => (i as HTMLInputElement).value)).toEqual(['£12,000.50', '£1,200', '']);
    expect(screen.getByText('Total: £37,201.50')).toBeInTheDocument();
  });
});
