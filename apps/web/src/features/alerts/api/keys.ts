/** Query keys of the alerts feature (one factory per feature; lib/saved-searches.ts names `searches` too). */
export const alertKeys = {
  all: ['alerts'] as const,
  searches: ['alerts', 'searches'] as const,
  matches: (id: string) => ['alerts', 'matches', id] as const,
  notifications: ['alerts', 'notifications'] as const,
  unread: ['alerts', 'unread'] as const,
  watched: ['alerts', 'watched'] as const,
  unsubscribe: (token: string) => ['alerts', 'unsubscribe', token] as const,
};
