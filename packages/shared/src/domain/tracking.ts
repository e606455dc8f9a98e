import { isTrackingParam } from '../constants/analytics';

/** Removes tracking parameters from a path-with-query; returns the path unchanged when none. */
export function stripTrackingParams(pathWithQuery: string): string {
  const hashIndex = pathWithQuery.indexOf('#');
  const hash = hashIndex >= 0 ? pathWithQuery.slice(hashIndex) : '';
  const withoutHash = hashIndex >= 0 ? pathWithQuery.slice(0, hashIndex) : pathWithQuery;
  const queryIndex = withoutHash.indexOf('?');
  if (queryIndex < 0) return pathWithQuery;
  const path = withoutHash.slice(0, queryIndex);
  const params = new URLSearchParams(withoutHash.slice(queryIndex + 1));
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (!isTrackingParam(key)) kept.append(key, value);
  const query = kept.toString();
  return `${path}${query ? `?${query}` : ''}${hash}`;
}

export function hasTrackingParams(search: string): boolean {
  return [...new URLSearchParams(search).keys()].some(isTrackingParam);
}
