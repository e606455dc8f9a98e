import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { tenderFixture } from '../test/tender-fixture';
import { json, renderWithApi, userFixture, type ApiCall } from '../test/render-with-api';
import { Toaster } from '../../../components/ui/toaster';
import { DashboardTendersTab } from './dashboard-tenders-tab';

afterEach(() => vi.unstubAllGlobals());

const mine = { source: 'Solar Manager' as const, userId: 'u-owner', organisationName: null, closingDate: '2027-01-10T17:00:00.000Z' };
const live = { ...tenderFixture('t-live', { ...mine, title: 'Clean 12 MW at Avonmouth', type: 'private', invitedProviders: ['p1', 'p2'] }), responseCount: 3, unansweredQuestions: 1, emailInvitations: 1 };
const draft = { ...tenderFixture('t-draft', { ...mine, title: 'Drone survey at Fenland', stage: 'draft' }), responseCount: 0, unansweredQuestions: 0, emailInvitations: 0 };

function renderTab(answer: (call: ApiCall) => Response | undefined = () => undefined) {
  return renderWithApi({
    path: '/dashboard',
    route: '/dashboard',
    element: <DashboardTendersTab accountType="representative" />,
    me: userFixture(),
    answer: (call) =>
      call.path === '/api/tenders/mine'
        ? json(200, { success: true, data: { own: [live, draft], invitations: [], responses: [], saved: [], alerts: { enabled: false, hasProviderProfile: false } } })
        : answer(call),
  });
}

describe('My Tenders rows carry the owner’s actions (decision 0407)', () => {
  it('publishing a draft says so, though its row is replaced when the refreshed list arrives', async () => {
    let published = false;
    renderWithApi({
      path: '/dashboard',
      route: '/dashboard',
      element: (
        <>
          <DashboardTendersTab accountType="representative" />
          <Toaster />
        </>
      ),
      me: userFixture(),
      answer: (call) => {
        if (call.path === '/api/tenders/t-draft/publish') {
          published = true;
          return json(200, { success: true, message: M.published, data: { ...draft, stage: 'active' } });
        }
        if (call.path !== '/api/tenders/mine') return undefined;
        const own = published ? [live, { ...draft, stage: 'active' }] : [live, draft];
        return json(200, { success: true, data: { own, invitations: [], responses: [], saved: [], alerts: { enabled: false, hasProviderProfile: false } } });
      },
    });
    await userEvent.click(within(await screen.findByRole('group', { name: 'Manage Drone survey at Fenland' })).getByRole('button', { name: 'Publish Tender' }));
    expect(await screen.findByText(M.published)).toBeInTheDocument();
  });

  it('a published row: View Responses with the count, Edit, Extend, Close Early, Cancel Tender; a draft row: Publish', async () => {
    renderTab();
    const row = await screen.findByRole('group', { name: 'Manage Clean 12 MW at Avonmouth' });
    expect(within(row).getByRole('link', { name: 'View Responses (3)' })).toHaveAttribute('href', '/tender/t-live/responses');
    // Two providers from the directory and one address by email (issue 27 defect 11).
    expect(screen.getByText(/^3 invited · 3 responses/)).toBeInTheDocument();
    // Edit opens the same form as a new tender (issue 27 defect 1).
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/tender/t-live/edit');
    for (const name of ['Extend', 'Close Early', 'Cancel Tender']) expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    const drafted = screen.getByRole('group', { name: 'Manage Drone survey at Fenland' });
    expect(within(drafted).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/tender/t-draft/edit');
    expect(within(drafted).getByRole('button', { name: 'Publish Tender' })).toBeInTheDocument();
    expect(within(drafted).queryByRole('link', { name: /View Responses/ })).toBeNull();
  });

  it('Close Early and Publish call the same routes as the tender page', async () => {
    const calls = renderTab((call) => (call.method === 'POST' ? json(200, { success: true, message: M.closedEarly, data: live }) : undefined));
    const row = await screen.findByRole('group', { name: 'Manage Clean 12 MW at Avonmouth' });
    await userEvent.click(within(row).getByRole('button', { name: 'Close Early' }));
    // Closing early opens the sealed responses: it asks why (decision 0512).
    const dialog = await screen.findByRole('dialog', { name: 'Close this tender early' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Tender Now' }));
    expect(within(dialog).getByText(M.reasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason for closing early'), 'The roof works start sooner.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close Tender Now' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Close this tender early' })).toBeNull());
    await userEvent.click(within(screen.getByRole('group', { name: 'Manage Drone survey at Fenland' })).getByRole('button', { name: 'Publish Tender' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/tenders/t-live/close', '/api/tenders/t-draft/publish']));
    expect(calls.find((c) => c.path === '/api/tenders/t-live/close')?.body).toEqual({ reason: 'The roof works start sooner.' });
  });

  it('Cancel Tender asks for a reason on the row and shows the server’s refusal there', async () => {
    const calls = renderTab((call) => (call.path.endsWith('/cancel') ? json(409, { success: false, message: M.notEditable }) : undefined));
    const row = await screen.findByRole('group', { name: 'Manage Clean 12 MW at Avonmouth' });
    await userEvent.click(within(row).getByRole('button', { name: 'Cancel Tender' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this tender' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Tender' }));
    expect(within(dialog).getByText(M.reasonRequired)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The site has been sold.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Tender' }));
    expect(await within(dialog).findByText(M.notEditable)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/tenders/t-live/cancel')?.body).toEqual({ reason: 'The site has been sold.' });
  });
});

describe('My Responses: every tender the provider responded to, with its state (issue 27 defects 6 and 7)', () => {
  it('lists a won open tender and an unsuccessful one with their outcome, not Closed', async () => {
    const won = {
      ...tenderFixture('t-won', { ...mine, title: 'Survey 12 MW at Avonmouth', stage: 'awarded', status: 'awarded', viewerRelation: 'winner', award: { supplier: 'Dana Thermal', value: 495000, date: null } }),
      response: { id: 'r-1', providerName: 'Dana Thermal', state: 'won', updatedAt: '2026-11-23T09:00:00.000Z' },
    };
    const lost = {
      ...tenderFixture('t-lost', { ...mine, title: 'Clean 5 MW at Fenland', stage: 'awarded', status: 'awarded', viewerRelation: 'responder', award: { supplier: 'Other Ltd', value: null, date: null } }),
      response: { id: 'r-2', providerName: 'Dana Thermal', state: 'unsuccessful', updatedAt: '2026-11-22T09:00:00.000Z' },
    };
    renderWithApi({
      path: '/dashboard',
      route: '/dashboard',
      element: <DashboardTendersTab accountType="provider" />,
      me: userFixture({ id: 'u-dana', type: 'provider' }),
      answer: (call) =>
        call.path === '/api/tenders/mine'
          ? json(200, { success: true, data: { own: [], invitations: [], responses: [won, lost], saved: [], alerts: { enabled: false, hasProviderProfile: true } } })
          : undefined,
    });
    expect(await screen.findByText('My Responses')).toBeInTheDocument();
    const wonRow = screen.getByRole('link', { name: 'Survey 12 MW at Avonmouth' }).closest('li')!;
    expect(within(wonRow).getByText('Won')).toBeInTheDocument();
    expect(within(wonRow).getByText(/Dana Thermal · Won/)).toBeInTheDocument();
    const lostRow = screen.getByRole('link', { name: 'Clean 5 MW at Fenland' }).closest('li')!;
    expect(within(lostRow).getByText('Unsuccessful')).toBeInTheDocument();
    expect(within(lostRow).queryByText('Closed')).toBeNull();
  });
});
