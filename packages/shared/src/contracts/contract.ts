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
  /** Non-JSON responses (CSV, files) describe their content type instead of a schema. */
  produces?: string;
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
