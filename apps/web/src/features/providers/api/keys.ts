/** One key factory for the provider feature (docs/style.md#6-one-home-per-endpoint-on-the-client). */
export const providerKeys = {
  all: ['providers'] as const,
  search: (query: object) => ['providers', 'search', query] as const,
  detail: (id: string) => ['providers', 'detail', id] as const,
  checkName: (name: string) => ['providers', 'check-name', name] as const,
  names: (q: string) => ['providers', 'names', q] as const,
  user: (userId: string) => ['providers', 'user', userId] as const,
};
