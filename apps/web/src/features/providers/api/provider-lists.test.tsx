import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROVIDER_MESSAGES as M } from '@solar/shared/constants/providers';
import { useInvitableProviders } from '../../tenders/api/list-invitable-providers';
import { readFilters } from '../components/directory-filters-state';
import { searchProviderPointsOptions } from './search-provider-points';
import { checkListShape, publicListShape, searchProvidersOptions } from './search-providers';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const provider = { id: 'p1', businessName: 'Acme Solar' };
const INVALID: Array<[string, unknown]> = [
  ['null', null],
  ['a string', 'oops'],
  ['an array', [provider]],
  ['no success flag', { data: [provider] }],
  ['success false', { success: false, data: [provider] }],
  ['success "true" as a string', { success: 'true', data: [provider] }],
  ['data not an array', { success: true, data: { 0: provider } }],
  ['data missing', { success: true }],
];

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
const filters = readFilters(new URLSearchParams('services=Panel+Cleaning'));

describe('directory list responses (docs/product/providers.md#directory)', () => {
  it.each(INVALID)("a list body with %s is 'Invalid provider data format'", (_label, body) => {
    expect(() => checkListShape(body)).toThrow(M.invalidFormat);
  });

  it.each(INVALID)('the public list with %s gives an empty list', (_label, body) => {
    expect(publicListShape(body)).toEqual({ data: [], pagination: { page: 1, pages: 1, total: 0 } });
  });

  it('a valid body passes through (pagination defaults to one page)', () => {
    expect(checkListShape({ success: true, data: [provider] })).toEqual({
      data: [provider],
      pagination: { page: 1, pages: 1, total: 1 },
    });
    expect(publicListShape({ success: true, data: [provider], pagination: { page: 2, pages: 3, total: 21 } })).toEqual({
      data: [provider],
      pagination: { page: 2, pages: 3, total: 21 },
    });
  });

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

  it('the list-a-tender provider list shows an empty list for an invalid answer, not an error', async () => {
    answer = () => json({ success: true, data: null });
    const c = client();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={c}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useInvitableProviders({ service: 'Panel Cleaning', radius: 50 }, true), {
      wrapper,
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.pages[0]?.data).toEqual([]);
    expect(result.current.hasNextPage).toBe(false);
    expect(result.current.error).toBeNull();
  });
});
