/** One key factory for the quotes feature (STYLE §6). */
export const quoteKeys = {
  all: ['quotes'] as const,
  received: (page: number) => ['quotes', 'received', page] as const,
  sent: (page: number) => ['quotes', 'sent', page] as const,
};
