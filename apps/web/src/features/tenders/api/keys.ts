/** Query keys of the tenders feature (one factory per feature, docs/style.md#6-one-home-per-endpoint-on-the-client). */
export const tenderKeys = {
  all: ['tenders'] as const,
  publicList: (params: Record<string, unknown>) => ['tenders', 'public', params] as const,
  detail: (id: string) => ['tenders', 'detail', id] as const,
};
