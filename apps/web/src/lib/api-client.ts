import { HTTP_MESSAGES } from '@solar/shared/constants/http';

/** The one client error type: the server's `message` when it sent one (docs/product/platform.md#request-helper). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * The shared request helper (docs/product/platform.md#request-helper): JSON with cookies; a 401 is returned, not thrown; any
 * other non-OK response throws an ApiError whose message is the server's `message` field.
 */
export async function apiRequest(method: string, url: string, data?: unknown): Promise<Response> {
  const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
    body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
  });
  if (response.ok || response.status === 401) return response;
  throw new ApiError(await errorMessage(response), response.status);
}

async function errorMessage(response: Response): Promise<string> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return HTTP_MESSAGES.unreadable;
  }
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body?.message === 'string' && body.message ? body.message : HTTP_MESSAGES.noMessage;
  } catch {
    return HTTP_MESSAGES.nonJson;
  }
}

/** GET returning parsed JSON; a 401 throws ApiError(401) unless `on401` is 'null'. */
export async function getJson<T>(url: string, options: { on401?: 'throw' | 'null' } = {}): Promise<T> {
  const response = await apiRequest('GET', url);
  if (response.status === 401) {
    if (options.on401 === 'null') return null as T;
    throw new ApiError('401: Unauthorized', 401);
  }
  return (await response.json()) as T;
}

/** Sends JSON and returns the parsed body; a 401 throws. */
export async function sendJson<T>(method: string, url: string, data?: unknown): Promise<T> {
  const response = await apiRequest(method, url, data);
  if (response.status === 401) throw new ApiError(await errorMessage(response), 401);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Builds a query string with repeated keys for lists (never comma-joined). */
export function toQueryString(params: Record<string, string | number | boolean | string[] | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value == null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v) => search.append(key, v));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
