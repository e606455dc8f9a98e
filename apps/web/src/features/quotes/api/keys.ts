/** One key factory for the quotes feature (docs/style.md#6-one-home-per-endpoint-on-the-client). */
export const quoteKeys = {
  all: ['quotes'] as const,
  received: (page: number) => ['quotes', 'received', page] as const,
  sent: (page: number) => ['quotes', 'sent', page] as const,
};
