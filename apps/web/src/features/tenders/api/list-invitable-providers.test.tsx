import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useInvitableProviders } from './list-invitable-providers';

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

describe('directory list responses (docs/product/tenders.md#inviting-providers)', () => {
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
