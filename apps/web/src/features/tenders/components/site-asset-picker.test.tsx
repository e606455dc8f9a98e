import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { json, renderWithApi, userFixture } from '../test/render-with-api';
import { SiteAssetPicker } from './site-asset-picker';

afterEach(() => vi.unstubAllGlobals());

const site = (id: number, status: string, capacityMw: number) => ({
  id,
  siteName: 'Fenland Solar Farm',
  region: 'East of England',
  county: 'Cambridgeshire',
  technology: 'Solar Photovoltaics',
  capacityMw,
  status,
});

describe('the List a Tender asset picker (decision 0407)', () => {
  it('searches asset intelligence and fills the place, point and asset as the asset page’s link does', async () => {
    const onPick = vi.fn();
    const calls = renderWithApi({
      path: '/list-a-tender',
      route: '/list-a-tender',
      element: <SiteAssetPicker onPick={onPick} />,
      me: userFixture(),
      answer: (call) => {
        if (call.path === '/api/assets/sites') return json(200, [site(9001, 'Operational', 12), site(9002, 'Application Submitted', 30)]);
        if (call.path === '/api/assets/9001')
          return json(200, { id: 9001, siteName: 'Fenland Solar Farm', county: 'Cambridgeshire', region: 'East of England', latitude: 52.5, longitude: 0.1 });
        return undefined;
      },
    });
    await userEvent.type(screen.getByLabelText('Choose the site from asset intelligence'), 'Fenl');
    // Two REPD records of one name are told apart, not two identical rows (issue 27 defect 11).
    expect(await screen.findByRole('button', { name: /Fenland Solar Farm\s*· Cambridgeshire, East of England · Solar Photovoltaics 30 MW · Application Submitted/ })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: /12 MW · Operational/ }));
    await vi.waitFor(() =>
      expect(onPick).toHaveBeenCalledWith({ location: 'Fenland Solar Farm, Cambridgeshire', latitude: 52.5, longitude: 0.1, asset: '9001', assetName: 'Fenland Solar Farm' }),
    );
    expect(calls.some((c) => c.path === '/api/assets/sites')).toBe(true);
  });
});
