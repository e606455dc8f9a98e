import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, ApiError, getJson, toQueryString } from './api-client';

const respond = (body: string, status: number, type = 'application/json') =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body, { status, headers: { 'content-type': type } }));

afterEach(() => vi.restoreAllMocks());

describe('apiRequest (docs/product/platform.md#request-helper)', () => {
  it('sends JSON with cookies', async () => {
    const spy = respond('{}', 200);
    await apiRequest('POST', '/api/x', { a: 1 });
    expect(spy).toHaveBeenCalledWith('/api/x', expect.objectContaining({ method: 'POST', credentials: 'include', body: '{"a":1}' }));
  });
  it('returns a 401 without throwing', async () => {
    respond('{"message":"nope"}', 401);
    expect((await apiRequest('GET', '/api/auth/me')).status).toBe(401);
  });
  it("throws the server's message", async () => {
    respond('{"success":false,"message":"Business email required"}', 400);
    await expect(apiRequest('POST', '/x')).rejects.toEqual(new ApiError('Business email required', 400));
  });
  it("says 'An error occurred' for a JSON error without message", async () => {
    respond('{"success":false}', 500);
    await expect(apiRequest('GET', '/x')).rejects.toThrow('An error occurred');
  });
  it("says 'Server error occurred. Please try again.' for a non-JSON error", async () => {
    respond('<html>bad gateway</html>', 502, 'text/html');
    await expect(apiRequest('GET', '/x')).rejects.toThrow('Server error occurred. Please try again.');
  });
  it("says 'An unexpected error occurred' when the body cannot be read", async () => {
    const response = new Response('x', { status: 500 });
    vi.spyOn(response, 'text').mockRejectedValue(new Error('stream broke'));
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(response);
    await expect(apiRequest('GET', '/x')).rejects.toThrow('An unexpected error occurred');
  });
  it('getJson returns null for a 401 when asked', async () => {
    respond('{}', 401);
    expect(await getJson('/api/auth/me', { on401: 'null' })).toBeNull();
  });
});

describe('toQueryString', () => {
  it('repeats keys for lists and drops empty values', () => {
    expect(toQueryString({ services: ['O&M, cleaning', 'Security'], page: 2, q: '', none: null })).toBe(
      '?services=O%26M%2C+cleaning&services=Security&page=2',
    );
  });
});
