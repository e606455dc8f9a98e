import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

type Value = string | string[] | null | undefined;

/**
 * Reads and writes address query parameters without adding history entries (docs/product/platform.md#routes).
 * Lists are repeated keys; null, undefined, '' and [] remove the key.
 */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, Value>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            next.delete(key);
            if (Array.isArray(value)) value.forEach((v) => next.append(key, v));
            else if (value != null && value !== '') next.set(key, value);
          }
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  /** Replaces the whole query, e.g. with a cleaned copy of itself. */
  const replace = useCallback((next: URLSearchParams) => setParams(next, { replace: true }), [setParams]);
  return [params, update, replace] as const;
}

/** The address's query with some values changed (null removes), e.g. a link to the last page: `?page=38&limit=10`. */
export function withParams(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString();
  return text ? `?${text}` : '';
}
