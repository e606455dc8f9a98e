import type { z } from 'zod';

/**
 * The address as the contract's query schema accepts it, field by field (decision 0352): each
 * listed key keeps its value only when that field's schema parses it, so a bad value falls back
 * to the field's default instead of reaching the API (and its validator's text reaching the
 * screen). Keys not listed, and repeated values of a listed key past the first, are left as
 * they are and as they were.
 */
export function cleanParams(schema: z.ZodObject, params: URLSearchParams, keys: readonly string[]): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of params) {
    const field = keys.includes(key) ? schema.shape[key] : undefined;
    if (field && out.has(key)) continue;
    if (field && !(field as z.ZodType).safeParse(value).success) continue;
    out.append(key, value);
  }
  return out;
}

/** True when cleaning removed something, so the address should be replaced by the clean one. */
export const changedBy = (cleaned: URLSearchParams, params: URLSearchParams) => cleaned.size !== params.size;
