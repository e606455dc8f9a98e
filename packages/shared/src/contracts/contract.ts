import type { z } from 'zod';

/** Who may call an endpoint. Checked on the server by the route binder, never only in the UI. */
export type Access = 'public' | 'user' | 'admin';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One row of the contracts table: a call of the requirements (docs/product/<feature>.md#calls) or one the
 * project adds. The server binds routes from these rows, so the table cannot drift from the code.
 */
export interface Contract {
  method: HttpMethod;
  /** Fastify-style path: `/api/providers/:id`. */
  path: string;
  /** Further paths the spec gives the same call, bound to the same row (`GET /api/providers/public`). */
  alsoAt?: readonly string[];
  access: Access;
  /**
   * False for the few signed-in routes an API key may not use (managing keys themselves). Keys work
   * only for GET routes that are `public` or `user`, never `admin` (decision 0492).
   */
  apiKeys?: false;
  summary: string;
  /** Where the call comes from: 'directory §7' or 'accounts §7' (the original spec's call tables, now docs/product/<feature>.md#calls) or 'project'. */
  source: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /**
   * A multipart upload: its parts are read by the handler (files are checked there), and its text
   * fields are validated with `fields` as they are read, under the same input rule as a JSON body.
   */
  multipart?: { fields: z.ZodType };
  /** The exact response shape per status. Error statuses share `errorBody`. */
  response: Record<number, z.ZodType>;
  /**
   * A route whose 200 answer is not JSON encoded with `response[200]` (CSV, files, a page of XML):
   * the media types it sends (decision 0570). Where one of them is JSON, `response[200]` describes it.
   */
  produces?: string | readonly string[];
  /**
   * A JSON route that sends a download instead when its query asks for one (`format`, `export`):
   * the download's media types (decision 0570); a JSON download is an export file (`exportFile`).
   */
  downloads?: readonly string[];
}

/**
 * The media types a contract's 2xx answer may have (decision 0570): what the OpenAPI document lists
 * and what the route must send (apps/server/test/openapi-media-types.test.ts compares them).
 */
export function answerMediaTypes(contract: Pick<Contract, 'produces' | 'downloads'>): string[] {
  if (contract.produces) return typeof contract.produces === 'string' ? [contract.produces] : [...contract.produces];
  return [...new Set(['application/json', ...(contract.downloads ?? [])])];
}

export function defineContract<const C extends Contract>(contract: C): C {
  return contract;
}

/**
 * A contract's method and path without its schemas, typed by the contract (decision 0343). The
 * browser calls through these (`contracts/routes.ts`): importing a row itself would bring zod into
 * the first load of every page.
 */
export interface Route<C extends Contract = Contract> {
  readonly method: C['method'];
  readonly path: C['path'];
  /** Type only: the contract this route belongs to (never set at runtime). */
  readonly contract?: C;
}

export function route<C extends Contract>(method: C['method'], path: C['path']): Route<C> {
  return { method, path };
}
