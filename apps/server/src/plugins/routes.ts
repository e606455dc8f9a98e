import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import { parse as parseQueryString } from 'fast-querystring';
import FindMyWay from 'find-my-way';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import { INPUT_MESSAGES } from '@solar/shared/constants/http';
import { answerMediaTypes, type Contract } from '@solar/shared/contracts/contract';
import { featureOf } from '@solar/shared/contracts/index';
import { hasForbiddenControlCharacter } from '@solar/shared/domain/input-text';
import { AppError } from '../platform/errors';
import type { Found, Tag } from '../platform/cache';
import type { UserRow } from '../db/rows';
import type { AppContext } from './context';
import { limitHandler, type LimitSpec } from './rate-limit';
import { cookieName } from './auth';
import { answerCache, answerSize, makeAnswer, sendFound, type Answer } from './http-cache';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export type ContractRequest<C extends Contract> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: Out<C['params']>;
  query: Out<C['query']>;
  body: Out<C['body']>;
};

/** What a handler returns for the 2xx responses the contract declares. */
type SuccessBody<C extends Contract> = {
  [S in keyof C['response']]: S extends 200 | 201 ? z.input<C['response'][S]> : never;
}[keyof C['response']];

type BoundRequest<C extends Contract> = ContractRequest<C> & { user: UserRow | null };

/**
 * A GET route's answers kept in the server's one in-process cache and sent with HTTP caching
 * headers (decision 0430). The handler returns plain data; the route says who may share it and what
 * it depends on.
 * - `public`: the same answer for every caller. Kept by address; a visitor's is sent `public` within
 *   the stated bound (HTTP_CACHE) with an ETag, a signed-in caller's `private, no-store`.
 * - `visitors`: a visitor's answer is kept and sent as above; a signed-in caller's holds their own
 *   state (their claim, their invitations), so it is computed for them and sent `private, no-store`.
 * - `access`: the same answer for everyone the route's access rule admits (an admin list): kept by
 *   address, looked up after the access check, sent `private, no-store`.
 * - `user`: each signed-in user's own answer, kept under their id after the route's access check,
 *   sent `private, no-store`.
 * A route with rate limits cannot be cached (a kept answer would skip the count).
 */
export interface RouteCache<C extends Contract> {
  scope: 'public' | 'visitors' | 'access' | 'user';
  /** What the answer depends on, in the names the write triggers send (platform/cache.ts#Tag). */
  tags: (answer: SuccessBody<C>, request: BoundRequest<C>) => readonly Tag[];
  /** When it would read differently with nothing written (a tender closing): not served from then on. */
  until?: (answer: SuccessBody<C>, now: Date) => Date | undefined;
}

export interface BindOptions<C extends Contract = Contract> {
  limits?: LimitSpec[];
  bodyLimit?: number;
  /** Keep this GET route's answers (decision 0430); without it the route is computed on every request. */
  cache?: RouteCache<C>;
}

/**
 * An answer the database assembled as JSON (the asset map's stored features, decision 0317), sent as
 * it is rather than encoded with the response schema; the tests check it against the contract.
 */
export class JsonText {
  constructor(readonly text: string) {}
}

type Handler<C extends Contract> = (request: BoundRequest<C>, reply: FastifyReply) => Promise<SuccessBody<C> | JsonText | FastifyReply | void>;

/** A cached route's handler that sent its own reply for this request (the projects table's CSV export): nothing to keep. */
class SentItself extends Error {
  constructor(readonly reply: FastifyReply) {
    super('the handler sent its own reply');
  }
}

/**
 * Binds a contract row to a handler: method, path and zod schemas come from the contract, and the
 * access rule is checked here on the server for every route (`user` → 401, `admin` → 403). A GET
 * route is also registered for the page renderer's in-process calls (`callRoute`).
 */
export function bind<C extends Contract>(app: FastifyInstance, contract: C, handler: Handler<C>, options: BindOptions<C> = {}) {
  const response = Object.fromEntries(Object.entries(contract.response).filter(([status]) => status !== '204'));
  const schema = {
    ...(contract.params && { params: contract.params }),
    ...(contract.query && { querystring: contract.query }),
    ...(contract.body && { body: contract.body }),
    ...(!contract.produces && { response }),
    summary: contract.summary,
    description: `Source: ${contract.source}`,
    tags: [featureOf(contract)],
  };
  // The access rule runs before validation, so a visitor gets 401 (not a 400 about the body).
  const preValidation = [accessGuard(contract), refuseControlCharacters];
  const preHandler = (options.limits ?? []).map((spec) => sharedLimit(app, spec));
  const cache = options.cache;
  if (cache && (contract.method !== 'GET' || preHandler.length > 0)) throw new Error(`${contract.method} ${contract.path}: only a GET route without rate limits can be cached`);
  const cached = cache ? cachedAnswers(app.ctx, contract, handler, cache) : null;
  // A kept answer is sent before validation and the handler when the address is one it keeps.
  const onRequest = cached?.early ? [cached.early] : [];
  const routeOptions: RouteShorthandOptions = { schema, onRequest, preValidation, preHandler, ...(options.bodyLimit && { bodyLimit: options.bodyLimit }) };
  const run = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await request.getUser();
    const bound = Object.assign(request, { user }) as never as BoundRequest<C>;
    return cached ? cached.answer(bound, reply) : handler(bound, reply);
  };
  // A contract may also answer at older addresses (`alsoAt`), the same route at each.
  for (const url of [contract.path, ...(contract.alsoAt ?? [])]) {
    app.withTypeProvider<ZodTypeProvider>().route({ method: contract.method, url, ...routeOptions, handler: run });
    if (contract.method === 'GET') directRoutes(app).on('GET', url, () => {}, { contract, handler, cached } as unknown as Direct);
  }
}

/** The address a kept answer is filed under: who may share it, and the request's path and query as sent. */
function keyOf(scope: RouteCache<Contract>['scope'], url: string, user: UserRow | null): string {
  return scope === 'user' ? `u ${user!.id} ${url}` : `${scope[0]} ${url}`;
}

function cachedAnswers<C extends Contract>(ctx: AppContext, contract: C, handler: Handler<C>, cache: RouteCache<C>) {
  const answers = () => answerCache(ctx.database);
  const session = cookieName(ctx);
  // A kept answer is text the handler returned: a route that can send more than one type sends its own reply, and is not kept.
  if (Array.isArray(contract.produces) && contract.produces.length !== 1) throw new Error(`${contract.method} ${contract.path}: a route sending several media types cannot be cached`);
  const type = `${answerMediaTypes(contract)[0]}; charset=utf-8`;
  // A session cookie or an API key (decision 0492): the caller's own answer, never a shared one.
  const signedIn = (request: FastifyRequest) => Boolean(request.cookies[session] || request.headers.authorization);
  /** Whether this request's answer is kept, and under which key (null: computed for the caller alone). */
  const keyFor = (request: FastifyRequest, user: UserRow | null) => {
    if (cache.scope === 'visitors' && signedIn(request)) return null;
    if (cache.scope === 'user' && !user) return null;
    return keyOf(cache.scope, request.url, user);
  };
  const encode = (data: unknown) =>
    data instanceof JsonText ? data.text : contract.produces ? String(data) : JSON.stringify(encoded(contract.response[200], data));
  const sendOptions = (request: FastifyRequest, found: Found<Answer>, key: string | null) => ({
    shared: (cache.scope === 'public' || cache.scope === 'visitors') && !signedIn(request),
    secondsLeft: found.expiresAt === undefined ? undefined : (found.expiresAt - ctx.clock.now().getTime()) / 1000,
    ...(key && { key, cache: answers() }),
  });

  /** The request's answer: kept, or computed by the handler (and kept when its key allows). */
  async function find(request: BoundRequest<C>, reply: FastifyReply): Promise<{ found: Found<Answer>; key: string | null }> {
    const now = ctx.clock.now();
    const compute = async () => {
      const result = await handler(request, reply);
      if (result === reply) throw new SentItself(reply);
      const data = result as SuccessBody<C>;
      const value = makeAnswer(encode(data), type);
      return { value, tags: cache.tags(data, request), size: 0, expiresAt: cache.until?.(data, now)?.getTime() };
    };
    const key = keyFor(request as unknown as FastifyRequest, request.user);
    if (key === null) return { found: { ...(await compute()), hit: false }, key };
    const found = await answers().get(key, async () => {
      const computed = await compute();
      return { ...computed, size: answerSize(computed.value, key) };
    }, now.getTime());
    return { found, key };
  }

  const early: onRequestHookHandler | null =
    cache.scope === 'user' || cache.scope === 'access'
      ? null
      : (request, reply, done) => {
          if (request.method !== 'GET' && request.method !== 'HEAD') return done();
          const key = keyFor(request, null);
          const found = key === null ? null : answers().peek(key, ctx.clock.now().getTime());
          if (!found) return done();
          // Sent here: the route's other hooks, validation and handler do not run (done is not called).
          sendFound(request, reply, found, sendOptions(request, found, key)).catch(done);
        };

  return {
    early,
    find,
    answer: async (request: BoundRequest<C>, reply: FastifyReply) => {
      let result;
      try {
        result = await find(request, reply);
      } catch (error) {
        if (!(error instanceof SentItself)) throw error;
        // Ours is sent; one joined from another request with the same address sends its own.
        return error.reply === reply ? reply : handler(request, reply);
      }
      const { found, key } = result;
      return sendFound(request as unknown as FastifyRequest, reply, found, sendOptions(request as unknown as FastifyRequest, found, key));
    },
  };
}

/** The JSON the route's response schema would produce (fastify-type-provider-zod encodes with it, then JSON.stringify). */
function encoded(schema: unknown, value: unknown): unknown {
  const result = safeEncode(schema as $ZodType, value);
  if (!result.success) throw result.error;
  return result.data;
}

// ── In-process calls for the page renderer (decision 0430) ──────────────────────────────────────

interface Direct {
  contract: Contract;
  handler: Handler<Contract>;
  cached: ReturnType<typeof cachedAnswers<Contract>> | null;
}

/** Per app (its HTTP server, shared by every encapsulated scope of it): two apps on one context keep their own. */
const routers = new WeakMap<object, FindMyWay.Instance<FindMyWay.HTTPVersion.V1>>();
function directRoutes(app: FastifyInstance) {
  let router = routers.get(app.server);
  if (!router) routers.set(app.server, (router = FindMyWay({ ignoreTrailingSlash: true, maxParamLength: 300 })));
  return router;
}

/** A GET route's answer to an in-process call, with what it depends on (no tags: it was not kept). */
export interface DirectAnswer {
  status: number;
  type: string;
  body: Buffer;
  tags: readonly Tag[] | null;
  /** When a kept answer stops being served (ms, the app clock). */
  expiresAt?: number;
}

const errorAnswer = (status: number, message: string): DirectAnswer => ({
  status,
  type: 'application/json; charset=utf-8',
  body: Buffer.from(JSON.stringify({ success: false, message })),
  tags: [],
});

/** A reply for an in-process call: a GET handler that sends for itself (an export, a file) is not called this way. */
const noReply = new Proxy({} as FastifyReply, {
  get: () => {
    throw new Error('this route sends its own reply: it cannot be called in-process');
  },
});

/**
 * Calls a GET route bound with `bind` in-process, as the page renderer needs it: the same access
 * rule, validation, cache and handler as over HTTP, for the page's own request (its session), but
 * without a second pass through the HTTP pipeline (no request object built, no hooks, no
 * serialisation of headers). Null when no route has that path.
 */
export async function callRoute(page: FastifyRequest, url: string): Promise<DirectAnswer | null> {
  const [pathname = '', search = ''] = url.split('?', 2);
  const match = directRoutes(page.server).find('GET', pathname);
  if (!match) return null;
  const { contract, handler, cached } = match.store as Direct;
  try {
    const user = await page.getUser();
    if (contract.access !== 'public' && !user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
    if (contract.access === 'admin' && !user!.isAdmin) throw new AppError('FORBIDDEN', 'Admin access required');
    const parse = (schema: z.ZodType | undefined, value: unknown) => {
      if (!schema) return undefined;
      const result = schema.safeParse(value);
      if (!result.success) throw new AppError('BAD_REQUEST', result.error.issues[0]?.message ?? 'Invalid request');
      return result.data;
    };
    const params = parse(contract.params, { ...match.params });
    const query = parse(contract.query, parseQueryString(search));
    if ([params, query].some((part) => hasForbiddenControlCharacter(part))) throw new AppError('BAD_REQUEST', INPUT_MESSAGES.controlCharacter);
    // The page's request (its session, address, log) with this call's own address and input.
    const own = (value: unknown) => ({ value, enumerable: true });
    const request = Object.create(page, { url: own(url), method: own('GET'), params: own(params), query: own(query), body: own(undefined), user: own(user) }) as BoundRequest<Contract>;
    if (cached) {
      const { found, key } = await cached.find(request, noReply);
      return { status: 200, type: found.value.type, body: found.value.body, tags: key === null ? null : found.tags, expiresAt: found.expiresAt };
    }
    const data = await handler(request, noReply);
    const body = data instanceof JsonText ? data.text : JSON.stringify(contract.produces ? data : encoded(contract.response[200], data));
    return { status: 200, type: 'application/json; charset=utf-8', body: Buffer.from(body), tags: null };
  } catch (error) {
    if (error instanceof AppError) return errorAnswer(error.status, error.message);
    throw error;
  }
}

function accessGuard(contract: Contract) {
  return async (request: FastifyRequest) => {
    if (contract.access === 'public') return;
    const user = await request.getUser();
    if (!user) throw new AppError('UNAUTHORIZED', 'Please sign in to continue');
    if (contract.access === 'admin' && !user.isAdmin) throw new AppError('FORBIDDEN', 'Admin access required');
  };
}

/**
 * The input rule of every body (docs/decisions/0332; multipart fields get the same rule in
 * platform/multipart.ts): no NUL or other control characters in params, query or JSON body.
 * PostgreSQL text cannot hold U+0000, so a NUL would otherwise reach the database as a 500 (found
 * by the property pass, issue 11).
 */
async function refuseControlCharacters(request: FastifyRequest) {
  if ([request.params, request.query, request.body].some((part) => hasForbiddenControlCharacter(part))) {
    throw new AppError('BAD_REQUEST', INPUT_MESSAGES.controlCharacter);
  }
}

/**
 * One counter per limit name: routes that pass a limit with the same name share its budget (the
 * provider upload routes do; decision 0331). Each `limitHandler` call has counters of its own, so
 * the handler is made once per name for each rate-limit registration (the app's).
 */
const limitsByApp = new WeakMap<object, Map<string, preHandlerAsyncHookHandler>>();
function sharedLimit(app: FastifyInstance, spec: LimitSpec): preHandlerAsyncHookHandler {
  const owner = app.createRateLimit as object;
  let byName = limitsByApp.get(owner);
  if (!byName) limitsByApp.set(owner, (byName = new Map()));
  let handler = byName.get(spec.name);
  if (!handler) byName.set(spec.name, (handler = limitHandler(app, spec)));
  return handler;
}

export type { FastifyInstance };
