/** Query keys of the admin feature (one factory per feature, docs/style.md#6-one-home-per-endpoint-on-the-client). */
export const adminKeys = {
  all: ['admin'] as const,
  users: (q: string, page: number) => ['admin', 'users', q, page] as const,
  claims: (status: string) => ['admin', 'claims', status] as const,
  tenders: ['admin', 'tenders'] as const,
  analytics: (days: number) => ['admin', 'analytics', days] as const,
  waiting: (show: string) => ['admin', 'waiting', show] as const,
  audit: (page: number) => ['admin', 'audit', page] as const,
  dataSources: ['admin', 'data-sources'] as const,
  trust: (what: string, query: object) => ['admin', 'trust', what, query] as const,
};
