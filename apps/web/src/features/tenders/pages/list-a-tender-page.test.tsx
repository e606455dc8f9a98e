import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TENDER_LIFECYCLE_MESSAGES as M } from '@solar/shared/constants/tender-lifecycle';
import { TENDER_MESSAGES } from '@solar/shared/constants/tenders';
import { tenderFixture } from '../test/tender-fixture';
import { json, renderWithApi, userFixture } from '../test/render-with-api';
import { ListATenderPage } from './list-a-tender-page';

afterEach(() => vi.unstubAllGlobals());

describe('Save as Draft (issue 27 defect 2)', () => {
  it('says the draft was saved, never that a private tender was launched and sent', async () => {
    const created = { ...tenderFixture('t-d', { source: 'Solar Manager', userId: 'u-owner', stage: 'draft', type: 'private' }), waitingListProviders: 0 };
    const calls = renderWithApi({
      path: '/list-a-tender?service=Panel%20Cleaning',
      route: '/list-a-tender',
      element: <ListATenderPage />,
      me: userFixture(),
      answer: (call) => (call.method === 'POST' && call.path === '/api/tenders' ? json(201, { success: true, data: created }) : undefined),
    });
    await userEvent.click(await screen.findByRole('radio', { name: /Private/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/tenders')).toBe(true));
    expect(calls.find((c) => c.path === '/api/tenders')?.body).toMatchObject({ draft: true, type: 'private' });
    expect((await screen.findAllByText(M.draftSaved)).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'View your draft' })).toHaveAttribute('href', '/tender/t-d');
    expect(screen.queryByText('Private tender launched')).toBeNull();
    expect(screen.queryByText(TENDER_MESSAGES.launchedPrivate)).toBeNull();
  });
});
