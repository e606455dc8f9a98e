/** Query keys of the parts feature (one factory per feature, docs/style.md#6-one-home-per-endpoint-on-the-client). */
export const partKeys = {
  all: ['parts'] as const,
  detail: (id: string) => ['parts', 'detail', id] as const,
};
