import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tenderFixture } from '../test/tender-fixture';
import { json, renderWithApi, userFixture, type ApiCall } from '../test/render-with-api';
import { EditTenderPage } from './edit-tender-page';

afterEach(() => vi.unstubAllGlobals());

const draft = tenderFixture('t-d', {
  source: 'Solar Manager',
  userId: 'u-owner',
  stage: 'draft',
  type: 'private',
  viewerRelation: 'manager',
  title: 'Survey 12 MW at Avonmouth',
  service: 'Panel Cleaning',
  location: 'Bristol, City of Bristol, England',
  latitude: 51.45,
  longitude: -2.58,
  searchRadius: 50,
  startTimePreference: 'flexible',
  closingDate: '2099-12-02T12:00:00.000Z',
  organisationName: null,
});

function renderEdit(answer: (call: ApiCall) => Response | undefined = () => undefined) {
  return renderWithApi({
    path: '/tender/t-d/edit',
    route: '/tender/:id/edit',
    element: <EditTenderPage />,
    me: userFixture(),
    answer: (call) => {
      if (call.method === 'GET' && call.path === '/api/tenders/t-d') return json(200, { success: true, data: draft });
      if (call.path === '/api/tenders/t-d/invited-providers') return json(200, { success: true, data: [] });
      if (call.path === '/api/tenders/t-d/email-invitations') return json(200, { success: true, data: [] });
      return answer(call);
    },
  });
}

describe('a draft is edited in full, with the form it was listed with (issue 27 defect 1)', () => {
  it('offers the type, the closing date in UK time and invitations by email, and saves the whole form', async () => {
    const calls = renderEdit((call) => (call.method === 'PATCH' ? json(200, { success: true, message: 'Draft saved.', data: draft }) : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit your draft' })).toBeInTheDocument();
    expect(screen.getByLabelText('Closing date and time (UK time)')).toHaveValue('2099-12-02T12:00');
    // A draft can be published from here; checked before saving, as a saved draft's page moves on to the tender.
    expect(screen.getByRole('button', { name: 'Save and Publish' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Invite by email'), 'bea@outside.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save Draft' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
      path: '/api/tenders/t-d',
      body: {
        service: 'Panel Cleaning',
        type: 'private',
        searchRadius: 50,
        closingDate: '2099-12-02T12:00:00.000Z',
        invitedProviders: [],
        inviteEmails: ['bea@outside.example.com'],
      },
    });
  });
});
