/**
 * One benchmark scenario of `npm run bench`: it rotates through realistic requests (never one
 * cached URL). Scenarios live in bench/scenarios/<feature>.ts and are listed in bench/scenarios.ts.
 */
export interface BenchRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  /** Send the signed-in demo provider's session cookie. */
  signedIn?: boolean;
  /** Send the bench admin's session cookie instead. */
  as?: 'admin';
  /** Send the session cookie of the bench's n-th signed-up viewer account (see BENCH_VIEWERS in bench/run.ts). */
  viewer?: number;
  headers?: Record<string, string>;
}

type Get = (path: string) => Promise<unknown>;

export interface Scenario {
  name: string;
  /** Fixed requests, or a function that builds them from the running server (real ids). */
  requests: BenchRequest[] | ((get: Get) => Promise<BenchRequest[]>);
  /**
   * Addresses mostly never asked before (issue 26): no cold pass first (it would answer each once),
   * and the run prints the share of requests that were first-time addresses.
   */
  fresh?: boolean;
  /** Writes sent beside the load run at BENCH_WRITES_PER_SECOND (rotating through the list). */
  writes?: (get: Get, session: { providerUserId: string }) => Promise<BenchRequest[]>;
}
