import type { QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Contract, Route } from '@solar/shared/contracts/contract';
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

// ---- What a call takes and gives, read from its contract row (decision 0343) -------------------

type Schema<C, K extends 'params' | 'query' | 'body'> = C extends { [P in K]: infer S extends z.ZodType } ? S : undefined;
type InputOf<S> = S extends z.ZodType ? z.input<S> : undefined;

/** A value as an address carries it. zod's coerce input type is `unknown`; such fields take any of these. */
export type QueryValue = string | number | boolean | readonly string[] | null | undefined;
type Loose<V> = unknown extends V ? QueryValue : V;
/** Keys that accept undefined may be left out of the address. */
type QueryOf<T> = T extends undefined
  ? undefined
  : { [K in keyof T as undefined extends T[K] ? K : never]?: Loose<T[K]> } & {
      [K in keyof T as undefined extends T[K] ? never : K]: Loose<T[K]>;
    };

type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: never } : object extends T ? { [P in K]?: T } : { [P in K]: T };

/** params, query and body as the contract's zod schemas accept them; a multipart call takes FormData. */
export type CallInput<C extends Contract> = Part<'params', InputOf<Schema<C, 'params'>>> &
  Part<'query', QueryOf<InputOf<Schema<C, 'query'>>>> &
  Part<'body', C extends { multipart: object } ? FormData : InputOf<Schema<C, 'body'>>>;

type OkSchema<C> = C extends { response: infer R } ? (200 extends keyof R ? R[200] : 201 extends keyof R ? R[201] : undefined) : undefined;
/** The contract's 200 (else 201) answer as the server sends it; undefined for a 204. */
export type ContractOutput<C extends Contract> = OkSchema<C> extends z.ZodType ? z.output<OkSchema<C>> : undefined;

type ContractOf<R> = R extends { readonly contract?: infer C } ? Extract<NonNullable<C>, Contract> : never;
/** The query a route takes, e.g. `ApiQuery<typeof searchProviders>` for filter state. */
export type ApiQuery<R extends Route> = QueryOf<InputOf<Schema<ContractOf<R>, 'query'>>>;
/** The answer a route gives, e.g. `ApiOutput<typeof searchProviders>`. */
export type ApiOutput<R extends Route> = ContractOutput<ContractOf<R>>;

export interface CallOptions {
  /** 'null': a 401 answers null (signed out) instead of throwing. */
  on401?: 'throw' | 'null';
  signal?: AbortSignal;
  /**
   * The call's own failure text from the spec ('Invalid email or password', 'Failed to fetch
   * users', …; decision 0353): the error's message whenever the server gave none (a JSON body
   * without one, a non-JSON or unreadable body, or no answer at all), in place of the generic
   * `HTTP_MESSAGES`. The server's own message always wins.
   */
  fallback?: string;
}
type Result<C extends Contract, O> = O extends { on401: 'null' } ? ContractOutput<C> | null : ContractOutput<C>;
type UrlInput<C extends Contract> = Omit<CallInput<C>, 'body'>;
type UrlArgs<C extends Contract> = object extends UrlInput<C> ? [input?: UrlInput<C>] : [input: UrlInput<C>];
type Args<C extends Contract, O> = object extends CallInput<C> ? [input?: CallInput<C>, options?: O] : [input: CallInput<C>, options?: O];

// ---- The client --------------------------------------------------------------------------------

export interface ApiTransport {
  /** The fetch that carries requests: the browser's, or one that reaches the API in-process. */
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Prefixed to every path: '' in the browser (same origin). */
  baseUrl?: string;
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * Calls the API over a transport. `call` is the typed call of a contract row; the rest is the
 * shared request helper (docs/product/platform.md#request-helper) it is built on: JSON with
 * cookies; a 401 is returned, not thrown; any other non-OK answer throws an ApiError with the
 * server's `message`. Every response body is read or cancelled: one left unread keeps its
 * connection open in the browser.
 */
export function createApiClient({ fetch: send, baseUrl = '' }: ApiTransport) {
  async function request(method: string, path: string, data?: unknown, init: RequestInit = {}, fallback?: string): Promise<Response> {
    const isForm = typeof FormData !== 'undefined' && data instanceof FormData;
    let response: Response;
    try {
      response = await send(`${baseUrl}${path}`, {
        ...init,
        method,
        credentials: 'include',
        headers: data !== undefined && !isForm ? { 'Content-Type': 'application/json' } : undefined,
        body: data === undefined ? undefined : isForm ? data : JSON.stringify(data),
      });
    } catch (error) {
      // No answer at all (offline, refused): the call's own text when it has one; an abort stays an abort.
      if (fallback === undefined || (error as { name?: unknown } | null)?.name === 'AbortError') throw error;
      throw new ApiError(fallback, 0);
    }
    if (response.ok || response.status === 401) return response;
    throw new ApiError(await errorMessage(response, fallback), response.status);
  }

  /** GET returning parsed JSON; a 401 throws ApiError(401) unless `on401` is 'null'. */
  async function getJson<T>(path: string, options: CallOptions = {}): Promise<T> {
    const response = await request('GET', path, undefined, { signal: options.signal }, options.fallback);
    if (response.status === 401) {
      await discard(response);
      if (options.on401 === 'null') return null as T;
      throw new ApiError('401: Unauthorized', 401);
    }
    return (await response.json()) as T;
  }

  /** Sends JSON (or FormData) and returns the parsed body; a 401 throws with the server's message. */
  async function sendJson<T>(method: string, path: string, data?: unknown, options: CallOptions = {}): Promise<T> {
    const response = await request(method, path, data, { signal: options.signal }, options.fallback);
    if (response.status === 401) {
      if (options.on401 === 'null') {
        await discard(response);
        return null as T;
      }
      throw new ApiError(await errorMessage(response, options.fallback), 401);
    }
    if (response.status === 204) return undefined as T;
    return (await response.json()) as T;
  }

  /** The typed call of a contract row: its path with params encoded, its query, its body. */
  function call<C extends Contract, O extends CallOptions = CallOptions>(route: Route<C>, ...[input, options]: Args<C, O>): Promise<Result<C, O>> {
    const path = pathOf(route, input);
    const body = (input as { body?: unknown } | undefined)?.body;
    return route.method === 'GET' ? getJson(path, options) : sendJson(route.method, path, body, options);
  }

  /**
   * The bare response of a contract row, for the few callers with their own reading (a file
   * download, a fire-and-forget beacon, suggestions that fail quietly). The caller reads or
   * cancels the body.
   */
  function raw<C extends Contract>(route: Route<C>, ...[input, init]: Args<C, RequestInit>): Promise<Response> {
    const body = (input as { body?: unknown } | undefined)?.body;
    return send(`${baseUrl}${pathOf(route, input)}`, {
      ...init,
      method: route.method,
      credentials: 'include',
      headers: body !== undefined ? { 'Content-Type': 'application/json' } : undefined,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** The full address of a contract row (for XMLHttpRequest uploads and links). */
  function url<C extends Contract>(route: Route<C>, ...[input]: UrlArgs<C>): string {
    return `${baseUrl}${pathOf(route, input)}`;
  }

  return { call, raw, url, request, getJson, sendJson };
}

function pathOf(route: Route, input?: { params?: unknown; query?: unknown }): string {
  const params = (input?.params ?? {}) as Record<string, unknown>;
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${route.method} ${route.path}: no ${name}`);
    return encodeURIComponent(String(value));
  });
  return `${path}${toQueryString((input?.query ?? {}) as Record<string, QueryValue>)}`;
}

/** The server's `message`; else the call's fallback; else the request helper's generic text for what went wrong. */
async function errorMessage(response: Response, fallback?: string): Promise<string> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    return fallback ?? HTTP_MESSAGES.unreadable;
  }
  try {
    const body = JSON.parse(text) as { message?: unknown };
    return typeof body?.message === 'string' && body.message ? body.message : (fallback ?? HTTP_MESSAGES.noMessage);
  } catch {
    return fallback ?? HTTP_MESSAGES.nonJson;
  }
}

/** A body nobody reads is cancelled, so the browser can close or reuse the connection. */
async function discard(response: Response): Promise<void> {
  if (response.body && !response.bodyUsed) await response.body.cancel().catch(() => undefined);
}

/** Builds a query string with repeated keys for lists (never comma-joined). */
export function toQueryString(params: Readonly<Record<string, QueryValue>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value == null || value === '') continue;
    if (Array.isArray(value)) value.forEach((v: string) => search.append(key, v));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

// ---- Which client a query runs on ------------------------------------------------------------

/** The browser's client: same origin, the global fetch looked up at call time. */
export const api = createApiClient({ fetch: (input, init) => globalThis.fetch(input, init) });

const bound = new WeakMap<QueryClient, ApiClient>();

/**
 * Query functions take their client from the QueryClient running them (`apiFor(client)` with the
 * `client` of the query function's context), so the same query options can run elsewhere, e.g. on
 * the server against the in-process API, once a client is bound to that QueryClient.
 */
export function bindApiClient(queryClient: QueryClient, client: ApiClient): void {
  bound.set(queryClient, client);
}

export function apiFor(queryClient?: QueryClient): ApiClient {
  return (queryClient && bound.get(queryClient)) ?? api;
}
