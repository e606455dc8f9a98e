import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { INPUT_MESSAGES } from '@solar/shared/constants/http';
import type { Contract } from '@solar/shared/contracts/contract';
import { featureOf } from '@solar/shared/contracts/index';
import { hasForbiddenControlCharacter } from '@solar/shared/domain/input-text';
import { AppError } from '../platform/errors';
import type { UserRow } from '../db/rows';
import { limitHandler, type LimitSpec } from './rate-limit';

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

export interface BindOptions {
  limits?: LimitSpec[];
  bodyLimit?: number;
}

/**
 * Binds a contract row to a handler: method, path and zod schemas come from the contract, and the
 * access rule is checked here on the server for every route (`user` → 401, `admin` → 403).
 */
export function bind<C extends Contract>(
  app: FastifyInstance,
  contract: C,
  handler: (request: ContractRequest<C> & { user: UserRow | null }, reply: FastifyReply) => Promise<SuccessBody<C> | void>,
  options: BindOptions = {},
) {
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
  // A cached answer of this route may be replayed to the next request for the same address only if
  // any visitor may ask and nothing is counted per request (plugins/answer-replay.ts).
  const config = { replay: contract.access === 'public' && preHandler.length === 0 };
  const routeOptions: RouteShorthandOptions = { schema, preValidation, preHandler, config, ...(options.bodyLimit && { bodyLimit: options.bodyLimit }) };
  for (const url of [contract.path, ...(contract.alsoAt ?? [])]) {
    app.withTypeProvider<ZodTypeProvider>().route({
      method: contract.method,
      url,
      ...routeOptions,
      handler: async (request, reply) => {
        const user = await request.getUser();
        return handler(Object.assign(request, { user }) as never, reply);
      },
    });
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
