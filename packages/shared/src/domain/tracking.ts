import { isSecretParam, isTrackingParam } from '../constants/analytics';

/** A fragment that carries a secret parameter (`#invite=…`) is dropped whole. */
const secretFragment = (hash: string) => [...new URLSearchParams(hash.slice(1)).keys()].some(isSecretParam);

/**
 * Removes tracking parameters, and parameters carrying a secret (with a fragment that carries one),
 * from a path-with-query; returns the path unchanged when none.
 */
export function stripTrackingParams(pathWithQuery: string): string {
  const hashIndex = pathWithQuery.indexOf('#');
  const rawHash = hashIndex >= 0 ? pathWithQuery.slice(hashIndex) : '';
  const hash = secretFragment(rawHash) ? '' : rawHash;
  const withoutHash = hashIndex >= 0 ? pathWithQuery.slice(0, hashIndex) : pathWithQuery;
  const queryIndex = withoutHash.indexOf('?');
  if (queryIndex < 0) return `${withoutHash}${hash}`;
  const path = withoutHash.slice(0, queryIndex);
  const params = new URLSearchParams(withoutHash.slice(queryIndex + 1));
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (!isTrackingParam(key) && !isSecretParam(key)) kept.append(key, value);
  const query = kept.toString();
  return `${path}${query ? `?${query}` : ''}${hash}`;
}

export function hasTrackingParams(search: string): boolean {
  return [...new URLSearchParams(search).keys()].some(isTrackingParam);
}
