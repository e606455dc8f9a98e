import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { directoryFiltersOf } from '@solar/shared/domain/directory-address';
import { searchProviderPointsOptions } from './search-provider-points';
import { searchProvidersOptions } from './search-providers';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const provider = { id: 'p1', businessName: 'Acme Solar' };

let answer: () => Response | Promise<Response>;
beforeEach(() => {
  answer = () => json({ success: true, data: [provider], pagination: { page: 1, pages: 1, total: 1 } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => answer()),
  );
});
afterEach(() => vi.unstubAllGlobals());

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
const filters = directoryFiltersOf(new URLSearchParams('services=Panel+Cleaning'));

describe('directory list responses (docs/product/providers.md#directory)', () => {
  it.each([
    ['the list', () => client().fetchQuery({ ...searchProvidersOptions(filters), retry: false })],
    ['the map points', () => client().fetchQuery({ ...searchProviderPointsOptions(filters), retry: false })],
  ] as Array<[string, () => Promise<unknown>]>)(
    "%s: an invalid answer is 'Invalid provider data format'; no answer is 'Failed to fetch providers'",
    async (_l, fetchList) => {
      answer = () => json({ success: true, data: 'not a list' });
      await expect(fetchList()).rejects.toThrow(M.invalidFormat);
      answer = () => Promise.reject(new TypeError('Failed to fetch'));
      await expect(fetchList()).rejects.toThrow(M.fetchProvidersFailed);
      answer = () => json({ success: false, message: 'Radius must be one of 25, 50, 100, 200, 300' }, 400);
      await expect(fetchList()).rejects.toThrow('Radius must be one of 25, 50, 100, 200, 300');
      answer = () => json({ success: true, data: [provider], pagination: { page: 1, pages: 1, total: 1 } });
      await expect(fetchList()).resolves.toBeTruthy();
    },
  );
});
