import { z } from 'zod';
import { TEXT_MESSAGES } from '../constants/text';
import { hasInvisibleCharacters } from '../domain/text';

// In the browser, zod's jitless mode before the first schema is built: its `new Function` probe is
// refused by the CSP (apps/web/src/lib/zod-jitless.ts says why; that module runs first only when
// no contract chunk is evaluated before the entry). Every contract module imports this one.
if ('document' in globalThis) ((globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig ??= {}).jitless = true;

/** Every error body carries `message` (docs/product/platform.md#request-helper: the client shows the server's message). */
export const errorBody = z.object({
  success: z.literal(false),
  message: z.string(),
  /** Present on 5xx: the id that appears in the server log next to the details. */
  reference: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), data });

export const okBody = z.object({ success: z.literal(true), message: z.string().optional() });

/** Standard error responses a route may answer with. */
export const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  413: errorBody,
  429: errorBody,
} as const;

/**
 * List query parameters are repeated keys (`?services=a&services=b`), never comma-joined, because
 * some real names contain commas. A single value arrives as a string, several as an array.
 */
export const repeated = <T extends z.ZodType>(item: T) =>
  z.preprocess((v: z.input<T> | readonly z.input<T>[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(item));

export const idParam = z.object({ id: z.string().min(1).max(200) });

/**
 * The one rule for every name other people see (user name, company, business name, contact name;
 * decision 0338): no control, format or other invisible characters, so a name cannot display as
 * another (U+202E turns "…evil" into "live"). The forms use the same schemas, so the browser
 * refuses them too.
 */
export const visibleName = (schema: z.ZodString, field: string) =>
  schema.refine((value) => !hasInvisibleCharacters(value), TEXT_MESSAGES.invisibleCharacters(field));

/** `bounds=west,south,east,north` in degrees (the order of MapLibre's `getBounds().toArray().flat()`). */
export const boundsParam = z
  .string()
  .max(200)
  .transform((value, ctx) => {
    const parts = value.split(',').map((p) => Number(p.trim()));
    const [w, s, e, n] = parts;
    if (parts.length !== 4 || parts.some((p) => !Number.isFinite(p)) || w! < -180 || e! > 180 || s! < -90 || n! > 90 || w! > e! || s! > n!) {
      ctx.addIssue({ code: 'custom', message: 'bounds must be west,south,east,north in degrees' });
      return z.NEVER;
    }
    return [w!, s!, e!, n!] as [number, number, number, number];
  });
