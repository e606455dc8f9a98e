/**
 * The input rule every request body obeys, JSON and multipart alike
 * (docs/security.md#classes-kept-closed; docs/decisions/0332): no control characters other than
 * tab, line feed and carriage return. PostgreSQL text cannot hold U+0000 at all, and the others
 * have no place in anything a person types.
 */
export const FORBIDDEN_CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when a string, or any string or key inside arrays and objects, holds a forbidden character. */
export function hasForbiddenControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return FORBIDDEN_CONTROL_CHARACTER.test(value);
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (value instanceof Uint8Array) return false;
  for (const [key, inner] of Object.entries(value)) {
    if (FORBIDDEN_CONTROL_CHARACTER.test(key) || hasForbiddenControlCharacter(inner, depth + 1)) return true;
  }
  return false;
}
