import type { z } from 'zod';

/** Who may call an endpoint. Checked on the server by the route binder, never only in the UI. */
export type Access = 'public' | 'user' | 'admin';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One row of the contracts table: a call of the spec (directory §7, accounts §7) or one the
 * project adds. The server binds routes from these rows, so the table cannot drift from the code.
 */
export interface Contract {
  method: HttpMethod;
  /** Fastify-style path: `/api/providers/:id`. */
  path: string;
  access: Access;
  summary: string;
  /** Where the call comes from: 'directory §7', 'accounts §7' or 'project'. */
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
