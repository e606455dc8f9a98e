import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { deleteProviderMedia, getMe, logout, searchProviders, validateToken } from '@solar/shared/contracts/routes';
import { api, apiFor, ApiError, bindApiClient, createApiClient, toQueryString } from './api-client';

const respond = (body: string, status: number, type = 'application/json') =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status, headers: { 'content-type': type } }));

afterEach(() => vi.restoreAllMocks());

describe('the request helper (docs/product/platform.md#request-helper)', () => {
  it('sends JSON with cookies', async () => {
    const spy = respond('{}', 200);
    await api.request('POST', '/api/x', { a: 1 });
    expect(spy).toHaveBeenCalledWith('/api/x', expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"a":1}' }));
  });
  it('returns a 401 without throwing', async () => {
    respond('{"message":"nope"}', 401);
    expect((await api.request('GET', '/api/auth/me')).status).toBe(401);
  });
  it("throws the server's message", async () => {
    respond('{"success":false,"message":"Business email required"}', 400);
    await expect(api.request('POST', '/x')).rejects.toEqual(new ApiError('Business email required', 400));
  });
  it("says 'An error occurred' for a JSON error without message", async () => {
    respond('{"success":false}', 500);
    await expect(api.request('GET', '/x')).rejects.toThrow('An error occurred');
  });
  it("says 'Server error occurred. Please try again.' for a non-JSON error", async () => {
    respond('<html>bad gateway</html>', 502, 'text/html');
    await expect(api.request('GET', '/x')).rejects.toThrow('Server error occurred. Please try again.');
  });
  it("says 'An unexpected error occurred' when the body cannot be read", async () => {
    const response = new Response('x', { status: 500 });
    vi.spyOn(response, 'text').mockRejectedValue(new Error('stream broke'));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);
    await expect(api.request('GET', '/x')).rejects.toThrow('An unexpected error occurred');
  });
  it('getJson returns null for a 401 when asked', async () => {
    respond('{}', 401);
    expect(await api.getJson('/api/auth/me', { on401: 'null' })).toBeNull();
  });
});

describe('toQueryString', () => {
  it('repeats keys for lists and drops empty values', () => {
    expect(toQueryString({ services: ['O&M, cleaning', 'Security'], page: 2, q: '', none: null })).toBe(
      '?services=O%26M%2C+cleaning&services=Security&page=2',
    );
  });
});

describe('every response body is read or cancelled (issue 20: an unread 401 kept /api/auth/me open)', () => {
  /** A response whose body reports whether anything read or cancelled it. */
  function tracked(body: string, status: number) {
    const state = { cancelled: false };
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(body));
        controller.close();
      },
      cancel() {
        state.cancelled = true;
      },
    });
    const response = new Response(status === 204 ? null : stream, { status, headers: { 'content-type': 'application/json' } });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);
    return { response, done: () => state.cancelled || response.bodyUsed };
  }

  it.each([
    ['a 401 answered as null (signed out)', 401, () => api.call(getMe, {}, { on401: 'null' })],
    ['a 401 thrown on a GET', 401, () => api.call(getMe).catch(() => null)],
    ['a 401 thrown on a POST', 401, () => api.call(logout).catch(() => null)],
    ['an error answer', 500, () => api.call(getMe).catch(() => null)],
    ['a success', 200, () => api.call(getMe)],
  ] as const)('%s', async (_label, status, run) => {
    const { done } = tracked('{"success":false,"message":"Authentication required"}', status);
    await run();
    expect(done()).toBe(true);
  });
});

describe('the typed call of a contract row (decision 0343)', () => {
  it('builds the path from the contract with params encoded and the query with repeated keys', async () => {
    const spy = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response('{"success":true}', { status: 200 }));
    await api.call(searchProviders, { query: { services: ['O&M, cleaning', 'Security'], page: 2, location: '' } });
    await api.call(deleteProviderMedia, { params: { id: 'a/b', fileId: 'c d' } });
    expect(spy.mock.calls.map(([url]) => url)).toEqual([
      '/api/providers/search?services=O%26M%2C+cleaning&services=Security&page=2',
      '/api/providers/a%2Fb/media/c%20d',
    ]);
    expect(spy.mock.calls[1]![1]).toMatchObject({ method: 'DELETE', credentials: 'include' });
  });

  it('sends the body as JSON and gives the parsed answer', async () => {
    const spy = respond('{"success":true,"data":{"valid":true}}', 200);
    await expect(api.call(validateToken, { body: { token: 't' } })).resolves.toEqual({ success: true, data: { valid: true } });
    expect(spy).toHaveBeenCalledWith('/api/auth/validate-token', expect.objectContaining({ method: 'POST', body: '{"token":"t"}' }));
  });

  it('a query runs on the client bound to its QueryClient, with that transport and base address', async () => {
    const browser = respond('{}', 200);
    const serverFetch = vi.fn(async () => new Response('{"success":true,"data":{"id":"u1"}}', { status: 200 }));
    const queryClient = new QueryClient();
    bindApiClient(queryClient, createApiClient({ fetch: serverFetch, baseUrl: 'http://in-process' }));
    const data = await queryClient.fetchQuery({
      queryKey: ['me'],
      queryFn: ({ client }) => apiFor(client).call(getMe),
    });
    expect(data).toEqual({ success: true, data: { id: 'u1' } });
    expect(serverFetch).toHaveBeenCalledWith('http://in-process/api/auth/me', expect.objectContaining({ method: 'GET' }));
    expect(browser).not.toHaveBeenCalled();
    expect(apiFor(new QueryClient())).toBe(api);
  });
});

describe("a call's own fallback message (decision 0353)", () => {
  const client = (fetch: (input: string, init: RequestInit) => Promise<Response>) => createApiClient({ fetch });
  const answer = (body: string, status: number, type = 'application/json') => () => Promise.resolve(new Response(body, { status, headers: { 'content-type': type } }));
  const fallback = 'Failed to fetch users';

  it('replaces every generic text when the server gave no message: JSON without one, non-JSON, unreadable, no answer', async () => {
    await expect(client(answer('{"success":false}', 500)).call(validateToken, { body: { token: 't' } }, { fallback })).rejects.toEqual(new ApiError(fallback, 500));
    await expect(client(answer('<html>bad gateway</html>', 502, 'text/html')).call(getMe, undefined, { fallback })).rejects.toEqual(new ApiError(fallback, 502));
    const unreadable = new Response('x', { status: 500 });
    vi.spyOn(unreadable, 'text').mockRejectedValue(new Error('stream broke'));
    await expect(client(() => Promise.resolve(unreadable)).call(getMe, undefined, { fallback })).rejects.toEqual(new ApiError(fallback, 500));
    await expect(client(() => Promise.reject(new TypeError('Failed to fetch'))).call(getMe, undefined, { fallback })).rejects.toEqual(new ApiError(fallback, 0));
    // A 401 from a non-GET call without a message gets it too.
    await expect(client(answer('{}', 401)).call(validateToken, { body: { token: 't' } }, { fallback })).rejects.toEqual(new ApiError(fallback, 401));
  });

  it("never hides the server's own message, and an abort stays an abort", async () => {
    await expect(client(answer('{"message":"Business email required"}', 400)).call(validateToken, { body: { token: 't' } }, { fallback })).rejects.toEqual(
      new ApiError('Business email required', 400),
    );
    const abort = new DOMException('The operation was aborted.', 'AbortError');
    await expect(client(() => Promise.reject(abort)).call(getMe, undefined, { fallback })).rejects.toBe(abort);
  });

  it('without a fallback the generic texts stay (docs/product/platform.md#request-helper)', async () => {
    await expect(client(answer('{"success":false}', 500)).call(getMe)).rejects.toThrow('An error occurred');
    await expect(client(() => Promise.reject(new TypeError('Failed to fetch'))).call(getMe)).rejects.toThrow('Failed to fetch');
  });
});
