import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TENDER_INTENT_MESSAGES as I } from '@solar/shared/constants/tender-sealed';
import { json, renderWithApi, userFixture } from '../test/render-with-api';
import { TenderIntentCard } from './tender-intent-card';
import { TenderInvitees } from './tender-invitees';

afterEach(() => vi.unstubAllGlobals());

const intent = (over: object = {}) => ({ invited: true, intent: null, reason: null, updatedAt: null, open: true, ...over });

describe('an invitee says whether it will respond (decision 0514)', () => {
  it('intends to respond, or declines with a reason it must give', async () => {
    let state = intent();
    const calls = renderWithApi({
      path: '/t',
      route: '/t',
      element: <TenderIntentCard tenderId="t-1" />,
      me: userFixture({ id: 'u-ann', type: 'provider' }),
      answer: (call) => {
        if (call.path !== '/api/tenders/t-1/intent') return undefined;
        if (call.method === 'PUT') state = intent({ ...(call.body as object), updatedAt: '2026-11-23T09:00:00.000Z' });
        return json(200, { success: true, message: I.saved, data: state });
      },
    });
    expect(await screen.findByRole('heading', { name: I.title })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: I.declineButton }));
    const dialog = await screen.findByRole('dialog', { name: I.declineTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: I.declineButton }));
    expect(within(dialog).getByText(I.declineReasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(I.declineReasonLabel), 'Booked until March.');
    await userEvent.click(within(dialog).getByRole('button', { name: I.declineButton }));
    expect(await screen.findByText(I.declined)).toBeInTheDocument();
    expect(screen.getByText('Your reason: Booked until March.')).toBeInTheDocument();
    // Reversible until the closing time.
    await userEvent.click(screen.getByRole('button', { name: I.undoDecline }));
    expect(await screen.findByText(I.responding)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ intent: 'declined', reason: 'Booked until March.' }, { intent: 'responding' }]);
  });

  it('shows nothing to someone not invited, and no buttons after the closing time', async () => {
    renderWithApi({ path: '/t', route: '/t', element: <TenderIntentCard tenderId="t-1" />, me: userFixture(), answer: () => json(200, { success: true, data: intent({ invited: false }) }) });
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: I.title })).toBeNull());
  });

  it('after the closing time says so, without buttons', async () => {
    renderWithApi({ path: '/t', route: '/t', element: <TenderIntentCard tenderId="t-1" />, me: userFixture(), answer: () => json(200, { success: true, data: intent({ intent: 'declined', reason: 'Too far.', open: false }) }) });
    expect(await screen.findByText(I.closed)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the owner sees each invitee (decision 0514)', () => {
  it('lists providers and addresses with their status and a decline’s reason', async () => {
    renderWithApi({
      path: '/t',
      route: '/t',
      element: <TenderInvitees tenderId="t-1" />,
      me: userFixture(),
      answer: () =>
        json(200, {
          success: true,
          data: [
            { kind: 'provider', name: 'Ann Solar', status: 'responding', reason: null, updatedAt: '2026-11-23T09:00:00.000Z' },
            { kind: 'email', name: 'eve@outside.example.com', status: 'declined', reason: 'Outside our region.', updatedAt: '2026-11-23T10:00:00.000Z' },
            { kind: 'email', name: 'pending@outside.example.com', status: 'invited', reason: null, updatedAt: null },
          ],
        }),
    });
    const ann = (await screen.findByText('Ann Solar')).closest('li')!;
    expect(within(ann).getByText('Intends to respond')).toBeInTheDocument();
    const eve = screen.getByText('eve@outside.example.com').closest('li')!;
    expect(within(eve).getByText('Declined')).toBeInTheDocument();
    expect(within(eve).getByText('Reason: Outside our region.')).toBeInTheDocument();
    expect(within(screen.getByText('pending@outside.example.com').closest('li')!).getByText('No reply yet')).toBeInTheDocument();
  });
});
