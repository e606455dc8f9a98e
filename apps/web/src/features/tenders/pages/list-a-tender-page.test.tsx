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

describe('Launch with an evaluation plan (decision 0555)', () => {
  it('saves the tender as a draft, adds its criteria, then publishes it, so bidders are invited to the plan and not told it changed', async () => {
    const created = { ...tenderFixture('t-p', { source: 'Solar Manager', userId: 'u-owner', stage: 'draft', type: 'open' }), waitingListProviders: 0 };
    const published = { ...created, stage: 'active' };
    const calls = renderWithApi({
      path: '/list-a-tender?service=Panel%20Cleaning',
      route: '/list-a-tender',
      element: <ListATenderPage />,
      me: userFixture(),
      answer: (call) => {
        if (call.method === 'POST' && call.path === '/api/tenders') return json(201, { success: true, data: created });
        if (call.method === 'PUT' && call.path === '/api/tenders/t-p/criteria') return json(200, { success: true, message: 'Saved', data: { criteria: [], editable: true } });
        if (call.method === 'POST' && call.path === '/api/tenders/t-p/publish') return json(200, { success: true, message: 'Your tender is published.', data: published });
        return undefined;
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Start from Price 40%/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Launch Tender' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/tenders/t-p/publish')).toBe(true));
    const writes = calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`);
    expect(writes).toEqual(['POST /api/tenders', 'PUT /api/tenders/t-p/criteria', 'POST /api/tenders/t-p/publish']);
    expect(calls.find((c) => c.path === '/api/tenders')?.body).toMatchObject({ draft: true });
    expect((await screen.findAllByText('Tender launched')).length).toBeGreaterThan(0);
  });
});

describe('List a tender for this site (issue 27 defect 5)', () => {
  it('offers the providers the asset page lists as serving the site, above the service’s list', async () => {
    const rita = {
      id: 'p-rita',
      slug: 'rita-solar',
      userId: 'u-rita',
      businessName: 'Rita Solar',
      description: '',
      type: 'asset_manager',
      services: ['Panel Cleaning'],
      expertise: [],
      technologies: [],
      scale: [],
      phase: [],
      certifications: [],
      industryAssociations: [],
      industry_associations: [],
      location: 'Bath',
      latitude: null,
      longitude: null,
      coordinates: null,
      serviceRadius: 40,
      service_radius: 40,
      logo: null,
      coverImage: null,
      website: null,
      phone: null,
      email: null,
      linkedin: null,
      linkedin_url: null,
      twitter: null,
      twitter_url: null,
      facebook: null,
      facebook_url: null,
      placeId: null,
      claimed: true,
      claimApproved: true,
      rating: null,
      verifiedAccreditations: [],
      createdAt: '',
      updatedAt: '',
    };
    renderWithApi({
      path: '/list-a-tender?service=Operations%20%26%20Maintenance%20(O%26M)&location=Avonmouth&lat=51.5&lng=-2.7&asset=123&assetName=Avonmouth%20Solar',
      route: '/list-a-tender',
      element: <ListATenderPage />,
      me: userFixture(),
      answer: (call) =>
        call.path === '/api/assets/123/providers'
          ? json(200, { data: [{ provider: rita, distanceKm: 17, countrywide: false }], total: 1, technologies: ['Solar'], phase: null })
          : json(200, { success: true, data: [], pagination: { page: 1, pages: 1, total: 0 } }),
    });
    await userEvent.click(await screen.findByRole('radio', { name: /Private/ }));
    expect(await screen.findByRole('heading', { name: 'Providers serving this site' })).toBeInTheDocument();
    expect(await screen.findByText('Rita Solar')).toBeInTheDocument();
  });
});
