/**
 * One benchmark scenario of `npm run bench`: it rotates through realistic requests (never one
 * cached URL). Scenarios live in bench/scenarios/<feature>.ts and are listed in bench/scenarios.ts.
 */
export interface BenchRequest {
  method?: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** Send the signed-in demo provider's session cookie. */
  signedIn?: boolean;
  headers?: Record<string, string>;
}

export interface Scenario {
  name: string;
  /** Fixed requests, or a function that builds them from the running server (real ids). */
  requests: BenchRequest[] | ((get: (path: string) => Promise<unknown>) => Promise<BenchRequest[]>);
}
